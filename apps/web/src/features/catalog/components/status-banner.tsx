import { EVENT_STATUS, type EventStatus } from '@bilheteira/shared/event-status';
import { useTranslation } from 'react-i18next';

const STYLE: Record<Exclude<EventStatus, 'available'>, string> = {
  [EVENT_STATUS.soon]: 'bg-sky-50 text-sky-900 ring-sky-200',
  [EVENT_STATUS.soldOut]: 'bg-red-50 text-red-900 ring-red-200',
  [EVENT_STATUS.cancelled]: 'bg-red-50 text-red-900 ring-red-200',
  [EVENT_STATUS.finished]: 'bg-slate-100 text-slate-900 ring-slate-300',
};

/** A clear notice when an event cannot be bought (spec §4 event statuses). */
export function StatusBanner({ status }: { status: EventStatus }) {
  const { t } = useTranslation('catalog');
  if (status === EVENT_STATUS.available) return null;
  return (
    <div
      role="status"
      data-testid="event-status"
      data-status={status}
      className={`rounded-xl p-4 ring-1 ${STYLE[status]}`}
    >
      <p className="font-semibold">{t(`status.${status}.title`)}</p>
      <p className="text-sm">{t(`status.${status}.text`)}</p>
    </div>
  );
}

/** Small pill with the status of an event in a list. */
export function StatusPill({ status }: { status: EventStatus }) {
  const { t } = useTranslation('catalog');
  if (status === EVENT_STATUS.available) return null;
  return (
    <span
      data-status={status}
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STYLE[status]}`}
    >
      {t(`status.${status}.short`)}
    </span>
  );
}
