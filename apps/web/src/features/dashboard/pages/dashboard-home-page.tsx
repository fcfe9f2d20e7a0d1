import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  CUSTOMER_EVENT_FILTERS,
  type CustomerEventFilter,
  type CustomerEventItem,
} from '@bilheteira/shared/schemas/account';
import { paths } from '../../../config/paths';
import { currentLocale } from '../../../i18n/i18n';
import { formatDateTime, formatShortDate } from '../../../lib/date-format';
import { usePageMeta } from '../../../lib/page-meta';
import { useEventContext } from '../../../stores/event-context-store';
import { customerEventsQuery, dashboardParams } from '../api/customer-events';
import { FilterChips } from '../components/filter-chips';
import { Pagination } from '../components/pagination';

const GRADIENTS = [
  'from-indigo-900 to-fuchsia-800',
  'from-slate-900 to-amber-800',
  'from-emerald-900 to-sky-800',
  'from-rose-900 to-orange-700',
];

const PHASE_PILL: Record<CustomerEventItem['phase'], string> = {
  soon: 'bg-sky-100 text-sky-950',
  ongoing: 'bg-emerald-100 text-emerald-950',
  finalized: 'bg-slate-200 text-slate-950',
  cancelled: 'bg-red-100 text-red-950',
};

function EventItem({ event }: { event: CustomerEventItem }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const locale = currentLocale();
  const enter = () => {
    useEventContext.getState().enter({
      id: event.id,
      slug: event.slug,
      name: event.name,
      walletEnabled: event.wallet_enabled,
    });
    navigate(paths.dashboardTickets);
  };
  const sameDay =
    formatShortDate(event.starts_at, event.timezone, locale) ===
    formatShortDate(event.ends_at, event.timezone, locale);
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      data-testid="customer-event"
      data-slug={event.slug}
    >
      <div
        className={`relative flex h-28 items-end bg-gradient-to-br p-4 ${GRADIENTS[event.id % GRADIENTS.length]}`}
      >
        {event.image_url && (
          <img
            src={event.image_url}
            alt=""
            className="absolute inset-0 h-full w-full object-cover opacity-60"
          />
        )}
        <span
          className={`relative rounded-full px-2.5 py-0.5 text-xs font-semibold ${PHASE_PILL[event.phase]}`}
        >
          {t(`phase.${event.phase}`)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className="text-lg leading-tight font-bold">{event.name}</h2>
        <dl className="grid gap-1.5 text-sm text-slate-700">
          <div className="flex gap-2">
            <dt className="sr-only">{t('date')}</dt>
            <svg
              aria-hidden
              width="16"
              height="16"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              className="mt-0.5 shrink-0"
            >
              <rect x="3" y="5" width="18" height="16" rx="2" />
              <path d="M16 3v4M8 3v4M3 10h18" />
            </svg>
            <dd>
              {sameDay
                ? formatDateTime(event.starts_at, event.timezone, locale)
                : t('date_range', {
                    start: formatShortDate(event.starts_at, event.timezone, locale),
                    end: formatShortDate(event.ends_at, event.timezone, locale),
                  })}
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="sr-only">{t('location')}</dt>
            <svg
              aria-hidden
              width="16"
              height="16"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              className="mt-0.5 shrink-0"
            >
              <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
              <circle cx="12" cy="10" r="2.5" />
            </svg>
            <dd>{event.address}</dd>
          </div>
        </dl>
        <p className="text-sm text-slate-700">
          {[
            event.tickets_count > 0 ? t('tickets_count', { count: event.tickets_count }) : null,
            event.has_wallet ? t('has_wallet') : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <button type="button" className="btn-primary mt-auto w-full" onClick={enter}>
          {t('access_event')}
          <span className="sr-only">: {event.name}</span>
        </button>
      </div>
    </li>
  );
}

/** Dashboard home (spec §2): the customer's events with filters, pagination and access. */
export default function DashboardHomePage() {
  const { t } = useTranslation('dashboard');
  usePageMeta(t('title'));
  const [sp, setSp] = useSearchParams();
  const params = dashboardParams(sp);
  const q = useQuery(customerEventsQuery(params));

  const setFilter = (filter: CustomerEventFilter) => {
    const next = new URLSearchParams(sp);
    if (filter === 'all') next.delete('filter');
    else next.set('filter', filter);
    next.delete('page');
    setSp(next, { replace: true });
  };
  const setPage = (page: number) => {
    const next = new URLSearchParams(sp);
    if (page <= 1) next.delete('page');
    else next.set('page', String(page));
    setSp(next);
  };

  return (
    <main id="main" className="page">
      {/* the greeting is the header's (one, not two) */}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        <Link to={paths.events} className="btn-secondary">
          {t('explore_events')}
        </Link>
      </div>

      <FilterChips
        filters={CUSTOMER_EVENT_FILTERS}
        current={params.filter}
        label={t('filters_label')}
        text={(f) => t(`filter.${f}`)}
        onSelect={setFilter}
      />

      <section aria-live="polite" aria-busy={q.isFetching} className="mt-6">
        {q.isPending ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-72 animate-pulse rounded-2xl bg-slate-200" />
            ))}
          </ul>
        ) : q.isError ? (
          <div className="card text-center">
            <p>{t('load_error')}</p>
            <button type="button" className="btn-secondary mt-3" onClick={() => void q.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : q.data.data.length === 0 ? (
          <div
            className="card flex flex-col items-center gap-3 py-10 text-center"
            data-testid="dashboard-empty"
          >
            <h2 className="text-lg font-semibold">
              {t(params.filter === 'all' ? 'empty_all' : 'empty_filter')}
            </h2>
            <p className="max-w-md text-slate-700">{t('empty_text')}</p>
            <Link to={paths.events} className="btn-primary">
              {t('explore_events')}
            </Link>
          </div>
        ) : (
          <>
            <p className="sr-only">{t('results', { count: q.data.meta.total })}</p>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {q.data.data.map((e) => (
                <EventItem key={e.id} event={e} />
              ))}
            </ul>
            <Pagination page={q.data.meta.page} lastPage={q.data.meta.last_page} onPage={setPage} />
          </>
        )}
      </section>
    </main>
  );
}
