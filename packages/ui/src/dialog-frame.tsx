import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

const SIZES = { md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-2xl' } as const;

/**
 * The frame of a modal dialog (Radix: focus trap, Esc and overlay close, body scroll lock,
 * focus back to the opener): overlay, centred white panel, title, description and a close
 * button labelled `closeLabel` (the app's own, translated, text).
 *
 * - `description`: shown under the title; `false` = none (no aria-describedby).
 * - `locked`: nothing closes the dialog (no close button; Esc and outside clicks ignored).
 */
export function DialogFrame({
  open,
  onClose,
  title,
  description,
  closeLabel,
  testId,
  size = 'md',
  locked = false,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  description?: ReactNode | false;
  closeLabel: string;
  testId?: string;
  size?: keyof typeof SIZES;
  locked?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && !locked && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          data-testid={testId}
          {...(description === false || description === undefined ? { 'aria-describedby': undefined } : {})}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${SIZES[size]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-2xl`}
          onEscapeKeyDown={(e) => locked && e.preventDefault()}
          onInteractOutside={(e) => locked && e.preventDefault()}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="min-w-0">
              <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-slate-700">{description}</Dialog.Description>
              ) : null}
            </div>
            {!locked && (
              <Dialog.Close
                className="-m-2 shrink-0 rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-amber-600"
                aria-label={closeLabel}
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
