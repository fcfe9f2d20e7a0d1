import { useNotice } from '../lib/notice';

/** Announces confirmations (polite) and shows them at the bottom of the screen. */
export function NoticeRegion() {
  const notice = useNotice();
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4"
    >
      {notice && (
        <p
          key={notice.id}
          data-testid="notice"
          className={`rounded-lg px-4 py-3 text-sm font-medium shadow-lg ${notice.tone === 'ok' ? 'bg-slate-900 text-white' : 'bg-red-700 text-white'}`}
        >
          {notice.text}
        </p>
      )}
    </div>
  );
}
