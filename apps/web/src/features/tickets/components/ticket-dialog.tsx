import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isPhoneDropdownEvent } from '../../../components/phone-input';
import { useReturnFocus } from '../../../lib/use-return-focus';

/**
 * The dialog frame of the ticket modals (radix: focus trap, Esc and overlay close, body
 * scroll lock). Esc inside an open phone country list closes the list only.
 */
export function TicketDialog({
  open,
  title,
  description,
  testId,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description?: string;
  testId: string;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('tickets');
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          data-testid={testId}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-2xl"
          onEscapeKeyDown={(e) => {
            if (isPhoneDropdownEvent(e)) e.preventDefault();
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="min-w-0">
              <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-slate-700">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
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
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
