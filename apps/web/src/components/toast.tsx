import { useEffect } from 'react';

/** How long a toast stays: long enough to read two short lines. */
const TOAST_MS = 4000;

/**
 * A short confirmation that something happened ("added to the cart"), above the bottom of
 * the screen, announced politely to screen readers; it goes by itself and takes no focus.
 * `id` changes for every new message, so the same text twice still shows twice.
 */
export function Toast({ message, id, onDone }: { message: string | null; id: number; onDone(): void }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDone, TOAST_MS);
    return () => clearTimeout(timer);
  }, [message, id, onDone]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-28 z-40 flex justify-center px-4 lg:bottom-6"
    >
      {message && (
        <p
          key={id}
          data-testid="toast"
          className="rounded-full bg-slate-900 px-5 py-3 text-sm font-semibold text-white shadow-lg"
        >
          {message}
        </p>
      )}
    </div>
  );
}
