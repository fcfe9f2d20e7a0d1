import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { useAlertStore, type AlertType } from '../stores/alert-store';
import { useReturnFocus } from '@bilheteira/ui/use-return-focus';

const ICONS: Record<AlertType, { symbol: string; className: string }> = {
  success: { symbol: '✓', className: 'bg-emerald-100 text-emerald-700' },
  error: { symbol: '!', className: 'bg-red-100 text-red-700' },
  warning: { symbol: '!', className: 'bg-amber-100 text-amber-800' },
  info: { symbol: 'i', className: 'bg-sky-100 text-sky-700' },
};

/**
 * Sanitised HTML; DOMPurify is loaded only when an html alert actually shows, so no page
 * ships it up front. Renders empty for the few milliseconds the sanitiser takes to load.
 */
function SafeHtml({ html, ...props }: { html: string } & ComponentProps<'div'>) {
  const [clean, setClean] = useState<{ html: string; out: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('../lib/sanitize').then(({ sanitizeHtml }) => {
      if (live) setClean({ html, out: sanitizeHtml(html) });
    });
    return () => {
      live = false;
    };
  }, [html]);
  return <div {...props} dangerouslySetInnerHTML={{ __html: clean?.html === html ? clean.out : '' }} />;
}

/**
 * The one alert modal (spec §2): success/error/warning/info, title, sanitised html or text,
 * confirm (default OK) and optional cancel. Esc or outside click = deny; Enter = confirm.
 * Max width 400 px, z-index 1060 (spec §9).
 */
export default function AlertModalContent() {
  const { t } = useTranslation('common');
  const current = useAlertStore((s) => s.current);
  const close = useAlertStore((s) => s.close);
  const returnFocus = useReturnFocus(!!current);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!current?.timerMs) return;
    const id = setTimeout(() => close(true), current.timerMs);
    return () => clearTimeout(id);
  }, [current, close]);

  if (!current) return null;
  const icon = ICONS[current.type];
  return (
    <AlertDialog.Root
      open
      // the buttons' own onClick already answered; only a close of this same alert denies
      onOpenChange={(open) => !open && useAlertStore.getState().current === current && close(false)}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay
          className="fixed inset-0 bg-black/50"
          style={{ zIndex: 1060 }}
          onClick={() => close(false)}
        />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          data-testid="alert-modal"
          data-alert-type={current.type}
          className="fixed left-1/2 top-1/2 w-[calc(100%-2rem)] max-w-[400px] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center text-slate-900 shadow-xl"
          style={{ zIndex: 1061 }}
          // the confirm button has the focus first, so Enter confirms (spec §2); Radix would
          // focus the cancel button
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            confirmRef.current?.focus();
          }}
          onKeyDown={(e) => {
            // Enter on a button a keyboard user moved to (cancel) is that button's own click
            if (e.key === 'Enter' && !(e.target instanceof HTMLElement && e.target.closest('button, a'))) {
              e.preventDefault();
              close(true);
            }
          }}
        >
          <div
            aria-hidden
            className={`mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full text-2xl font-bold ${icon.className}`}
          >
            {icon.symbol}
          </div>
          <AlertDialog.Title className="text-lg font-semibold">{current.title}</AlertDialog.Title>
          {current.html ? (
            <AlertDialog.Description asChild>
              <SafeHtml className="mt-2 text-slate-700" html={current.html} />
            </AlertDialog.Description>
          ) : (
            <AlertDialog.Description className="mt-2 whitespace-pre-line text-slate-700">
              {current.text ?? ''}
            </AlertDialog.Description>
          )}
          <div className="mt-5 flex justify-center gap-3">
            {current.cancelText && (
              <AlertDialog.Cancel asChild>
                <button type="button" className="btn-secondary" onClick={() => close(false)}>
                  {current.cancelText}
                </button>
              </AlertDialog.Cancel>
            )}
            <AlertDialog.Action asChild>
              <button ref={confirmRef} type="button" className="btn-primary" onClick={() => close(true)}>
                {current.confirmText ?? t('ok')}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
