import type { EventStatus } from '@bilheteira/shared/event-status';
import type { EventDetail } from '@bilheteira/shared/schemas/events';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { currentLocale } from '../../../i18n/i18n';
import { formatEventDate, formatHour } from '../../../lib/date-format';
import { EventImage } from '../../../components/event-image';
import { StatusBanner } from './status-banner';

function mapUrl(e: EventDetail): string {
  const q = e.latitude && e.longitude ? `${e.latitude},${e.longitude}` : e.address;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}`;
}

/** The event page's header and facts: name, image, date and hour, address, about, status. */
export function EventDetails({ event }: { event: EventDetail }) {
  const { t } = useTranslation('catalog');
  const locale = currentLocale();
  const sameDay =
    formatEventDate(event.starts_at, event.timezone, locale) ===
    formatEventDate(event.ends_at, event.timezone, locale);
  return (
    <article aria-labelledby="event-name" data-testid="event-details">
      <header className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-slate-900 via-indigo-950 to-amber-900 text-white">
        <EventImage
          image={event.image}
          fallbackUrl={event.image_url}
          sizes="(min-width: 1280px) 1200px, 100vw"
          width={1200}
          height={500}
          priority
          className="absolute inset-0 h-full w-full object-cover opacity-40"
        />
        <div className="relative px-5 py-10 sm:px-8 sm:py-14">
          <p className="text-sm font-medium text-amber-300">
            <Link to={paths.organizer(event.organizer.slug)} className="underline-offset-2 hover:underline">
              {event.organizer.name}
            </Link>
          </p>
          <h1 id="event-name" className="mt-1 text-3xl font-extrabold sm:text-4xl">
            {event.name}
          </h1>
          <p className="mt-2 text-slate-100">{event.city || event.address}</p>
        </div>
      </header>

      <div className="mt-5 space-y-5">
        <StatusBanner status={event.status as EventStatus} />
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="card">
            <dt className="text-sm font-medium text-slate-600">{t('event.when')}</dt>
            <dd className="mt-1 font-semibold" data-testid="event-date">
              {formatEventDate(event.starts_at, event.timezone, locale)}
              {!sameDay && <> – {formatEventDate(event.ends_at, event.timezone, locale)}</>}
            </dd>
            <dd className="text-slate-700" data-testid="event-hour">
              {event.is_session
                ? t('event.sessions_hint')
                : t('event.hour', { hour: formatHour(event.starts_at, event.timezone, locale) })}
            </dd>
          </div>
          <div className="card">
            <dt className="text-sm font-medium text-slate-600">{t('event.where')}</dt>
            <dd className="mt-1 font-semibold" data-testid="event-address">
              {event.address}
            </dd>
            <dd>
              <a
                href={mapUrl(event)}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-medium text-indigo-700 underline underline-offset-2"
              >
                {t('event.open_map')}
                <span className="sr-only"> {t('event.new_window')}</span>
              </a>
            </dd>
          </div>
        </dl>
        {event.information && (
          <section aria-labelledby="event-about" className="card">
            <h2 id="event-about" className="text-lg font-bold">
              {t('event.about')}
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-800" data-testid="event-about">
              {event.information}
            </p>
            {event.contact_email && (
              <p className="mt-3 text-sm text-slate-700">
                {t('event.contact')}{' '}
                <a href={`mailto:${event.contact_email}`} className="font-medium text-indigo-700 underline">
                  {event.contact_email}
                </a>
              </p>
            )}
          </section>
        )}
      </div>
    </article>
  );
}
