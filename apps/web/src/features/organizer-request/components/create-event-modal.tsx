import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { isPhoneDropdownEvent } from '../../../components/phone-input';
import { useReturnFocus } from '@bilheteira/ui/use-return-focus';
import { useUi } from '../../../stores/ui-store';
import { OrganizerRequestForm } from './organizer-request-form';

/**
 * The create-event modal (spec §2): the organiser account request, opened by
 * `useUi().openCreateEvent()` from the header and the home call to action.
 */
export default function CreateEventModal() {
  const { t } = useTranslation('organizer');
  const open = useUi((s) => s.createEventOpen);
  const close = useUi((s) => s.closeCreateEvent);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          data-testid="create-event-modal"
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-2xl"
          onEscapeKeyDown={(e) => {
            if (isPhoneDropdownEvent(e)) e.preventDefault();
          }}
          onInteractOutside={(e) => {
            // The captcha's own popovers and the alert modal live outside this dialog.
            const target = e.target as HTMLElement | null;
            if (target?.closest?.('[data-testid="alert-modal"], altcha-widget')) e.preventDefault();
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-bold">{t('modal_title')}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-700">
                {t('modal_intro')}
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="-m-2 rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-amber-500"
              aria-label={t('close')}
            >
              <svg
                aria-hidden
                viewBox="0 0 24 24"
                className="h-6 w-6"
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
              >
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <OrganizerRequestForm onDone={close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
