import { EVENT_STATUS, type EventStatus } from '@bilheteira/shared/event-status';
import { allInPriceCents, formatEur } from '@bilheteira/shared/money';
import type { EventSummary } from '@bilheteira/shared/schemas/events';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { currentLocale } from '../i18n/i18n';
import { formatDateTime } from '../lib/date-format';
import { EventImage } from './event-image';

const PILL: Record<Exclude<EventStatus, 'available'>, string> = {
  [EVENT_STATUS.soon]: 'bg-sky-100 text-sky-950',
  [EVENT_STATUS.soldOut]: 'bg-red-100 text-red-950',
  [EVENT_STATUS.cancelled]: 'bg-red-100 text-red-950',
  [EVENT_STATUS.finished]: 'bg-slate-200 text-slate-950',
};

const GRADIENTS = [
  'from-indigo-900 to-fuchsia-800',
  'from-slate-900 to-amber-800',
  'from-emerald-900 to-sky-800',
  'from-rose-900 to-orange-700',
];

/**
 * One event in a list (home, catalogue, organiser page): the whole card is one link, with
 * date, place, lowest price and a status pill when it cannot be bought.
 */
export function EventCard({ event, headingLevel = 3 }: { event: EventSummary; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('layout');
  const locale = currentLocale();
  const status = event.status as EventStatus;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const fee = { bp: event.service_fee_bp, vatPercent: event.service_fee_vat_percent };
  return (
    <li
      className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md has-focus-visible:ring-2 has-focus-visible:ring-slate-900"
      data-testid="event-card"
      data-slug={event.slug}
    >
      <div
        className={`relative flex h-24 items-end bg-gradient-to-br p-4 sm:h-32 ${GRADIENTS[event.id % GRADIENTS.length]}`}
      >
        <EventImage
          image={event.image}
          fallbackUrl={event.image_url}
          sizes="(min-width: 992px) 33vw, (min-width: 640px) 50vw, 100vw"
          width={600}
          height={256}
          className="absolute inset-0 h-full w-full object-cover"
        />
        {status !== EVENT_STATUS.available && (
          <span
            className={`relative rounded-full px-2.5 py-0.5 text-xs font-bold ${PILL[status]}`}
            data-testid="event-card-status"
          >
            {t(`event_status.${status}`)}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <p className="text-sm font-semibold text-indigo-800">
          <time dateTime={event.starts_at}>{formatDateTime(event.starts_at, event.timezone, locale)}</time>
        </p>
        <Heading className="mt-1 text-lg font-bold leading-snug">
          <Link
            to={paths.event(event.slug)}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {event.name}
          </Link>
        </Heading>
        <p className="text-sm text-slate-700">{event.city || event.address}</p>
        {event.min_price_cents !== null && (
          <p className="mt-auto pt-3 text-sm font-semibold text-slate-900">
            {/* all-in (EU drip pricing): the cheapest ticket with its service cost */}
            {allInPriceCents(event.min_price_cents, fee) > event.min_price_cents
              ? t('from_price_all_in', {
                  price: formatEur(allInPriceCents(event.min_price_cents, fee)),
                })
              : t('from_price', { price: formatEur(event.min_price_cents) })}
          </p>
        )}
      </div>
    </li>
  );
}
