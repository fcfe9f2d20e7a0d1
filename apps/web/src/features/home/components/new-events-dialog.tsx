import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { EventListResponse } from '../api/public-events';

/** New-events modal: public events published since the last visit, each with its link. */
export default function NewEventsDialog({ list }: { list: EventListResponse['data'] }) {
  const { t } = useTranslation('home');
  const [dismissed, setDismissed] = useState(false);
  const open = !dismissed;
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && setDismissed(true)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[85vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
          data-testid="new-events-modal"
        >
          <Dialog.Title className="text-xl font-bold">
            {t('new_events.title', { count: list.length })}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-slate-700">{t('new_events.text')}</Dialog.Description>
          <ul className="mt-4 divide-y divide-slate-200">
            {list.map((e) => (
              <li key={e.id} className="py-3">
                <Link
                  to={paths.event(e.slug)}
                  onClick={() => setDismissed(true)}
                  className="font-semibold text-indigo-800 underline underline-offset-2"
                >
                  {e.name}
                </Link>
                <p className="text-sm text-slate-700">{e.city || e.address}</p>
              </li>
            ))}
          </ul>
          <Dialog.Close className="btn-primary mt-4 w-full">{t('new_events.close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
