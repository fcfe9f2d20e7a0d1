import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TICKET_STATUSES } from '@bilheteira/shared/ticket-status';
import { currentLocale } from '../../../i18n/i18n';
import { formatDay } from '../../../lib/date-format';
import { usePageMeta } from '../../../lib/page-meta';
import { publicCheckQuery } from '../api/tickets';

const ADMITS = new Set(['valid']);

/**
 * /check/:uuid (checkEvent): what a scanned ticket is worth, for staff without a door
 * device. Validity only: event, ticket type, days and used days; never who holds it.
 */
export default function CheckPage() {
  const { t } = useTranslation('tickets');
  const locale = currentLocale();
  const { uuid = '' } = useParams();
  const q = useQuery({ ...publicCheckQuery(uuid), enabled: uuid.length > 0 });
  usePageMeta(t('check_title'));
  const name = q.data?.name;
  const admits = name ? ADMITS.has(name) : false;
  const label = name
    ? (TICKET_STATUSES as string[]).includes(name)
      ? t(`status.${name}`)
      : t(`check_${name === 'revoked' ? 'revoked' : 'unknown'}`)
    : '';

  return (
    <main id="main" className="grid min-h-dvh place-items-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
        <h1 className="text-xl font-bold">{t('check_title')}</h1>
        {q.isPending ? (
          <div
            className="mt-6 h-32 animate-pulse rounded-xl bg-slate-200"
            aria-busy="true"
            aria-label={t('loading')}
          />
        ) : q.isError ? (
          <div className="mt-6 text-center" role="alert">
            <p>{t('check_error')}</p>
            <button type="button" className="btn-secondary mt-3" onClick={() => void q.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <div className="mt-6 grid gap-4" data-testid="check-result" data-status={name}>
            <div
              className={`rounded-xl p-5 text-center ${admits ? 'bg-emerald-700 text-white' : 'bg-red-700 text-white'}`}
              role="status"
            >
              <p className="text-3xl font-extrabold" aria-hidden>
                {admits ? '✓' : '✕'}
              </p>
              <p className="mt-1 text-2xl font-bold">{label}</p>
              <p className="mt-1 text-sm">{admits ? t('check_admits') : t('check_not_admits')}</p>
            </div>
            {q.data.event_name && (
              <dl className="grid gap-2 text-sm">
                <div className="flex justify-between gap-3">
                  <dt className="text-slate-700">{t('check_event')}</dt>
                  <dd className="text-right font-semibold">{q.data.event_name}</dd>
                </div>
                {q.data.ticket_name && (
                  <div className="flex justify-between gap-3">
                    <dt className="text-slate-700">{t('check_ticket')}</dt>
                    <dd className="text-right font-semibold">{q.data.ticket_name}</dd>
                  </div>
                )}
                {q.data.days.length > 0 && (
                  <div className="flex justify-between gap-3">
                    <dt className="text-slate-700">{t('days')}</dt>
                    <dd className="text-right font-semibold">
                      {q.data.days.map((d) => formatDay(d, locale)).join(' · ')}
                    </dd>
                  </div>
                )}
                <div className="flex justify-between gap-3">
                  <dt className="text-slate-700">{t('check_used_days')}</dt>
                  <dd className="text-right font-semibold">
                    {q.data.used_days.length
                      ? q.data.used_days.map((d) => formatDay(d, locale)).join(' · ')
                      : t('check_none')}
                  </dd>
                </div>
              </dl>
            )}
            <p className="text-xs text-slate-600">{t('check_privacy')}</p>
          </div>
        )}
      </div>
    </main>
  );
}
