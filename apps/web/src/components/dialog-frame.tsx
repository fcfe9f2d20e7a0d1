import { Dialog } from 'radix-ui';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../lib/use-return-focus';
import { isPhoneDropdownEvent } from './phone-input';

const SIZES = { md: 'max-w-md', lg: 'max-w-lg' } as const;

/**
 * The frame of the app's modal dialogs (radix: focus trap, Esc and overlay close, body
 * scroll lock): overlay, centred white panel, title, description and a close button. The
 * focus goes back to what had it when the dialog opened (useReturnFocus). Esc inside an
 * open phone country list closes the list only.
 *
 * - `description`: shown under the title; when missing the title doubles as the (hidden)
 *   description; `false` = the dialog has none (no aria-describedby).
 * - `eyebrow`: a line above the title (e.g. "Step 1 of 3").
 * - `titleRef`: the title becomes focusable from code (tabIndex -1, no outline), e.g. to
 *   move the focus to it when the content changes; it also has the focus when the dialog
 *   opens (not the close button, which Enter would press).
 * - `locked`: nothing closes the dialog (no close button; Esc and outside clicks ignored).
 */
export function DialogFrame({
  open,
  onClose,
  title,
  description,
  eyebrow,
  titleRef,
  testId,
  size = 'md',
  locked = false,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  description?: ReactNode | false;
  eyebrow?: ReactNode;
  titleRef?: Ref<HTMLHeadingElement>;
  testId: string;
  size?: keyof typeof SIZES;
  locked?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && !locked && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          onOpenAutoFocus={(e) => {
            const title = (e.target as HTMLElement).querySelector<HTMLElement>('[data-focus-title]');
            if (!title) return;
            e.preventDefault();
            title.focus();
          }}
          data-testid={testId}
          {...(description === false ? { 'aria-describedby': undefined } : {})}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${SIZES[size]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-2xl`}
          onEscapeKeyDown={(e) => {
            if (isPhoneDropdownEvent(e) || locked) e.preventDefault();
          }}
          onInteractOutside={(e) => {
            if (locked) e.preventDefault();
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="min-w-0">
              {eyebrow && (
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-700">{eyebrow}</p>
              )}
              <Dialog.Title
                ref={titleRef}
                tabIndex={titleRef ? -1 : undefined}
                data-focus-title={titleRef ? '' : undefined}
                className={titleRef ? 'text-xl font-bold outline-none' : 'text-xl font-bold'}
              >
                {title}
              </Dialog.Title>
              {description === false ? null : description ? (
                <Dialog.Description className="mt-1 text-sm text-slate-700">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            {!locked && (
              <Dialog.Close
                className="-m-2 shrink-0 rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-amber-500"
                aria-label={t('close')}
              >
                <svg
                  width="20"
                  height="20"
                  viewBox="0 0 20 20"
                  aria-hidden
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M5 5l10 10M15 5L5 15" />
                </svg>
              </Dialog.Close>
            )}
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
