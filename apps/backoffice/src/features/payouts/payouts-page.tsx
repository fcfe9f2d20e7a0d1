import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import { formatEur } from '@bilheteira/shared/money';
import type { PayoutFigures } from '@bilheteira/shared/schemas/backoffice-payouts';
import { useShell } from '../../app/shell-context';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { apiFormError } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { usePayoutExport, usePayouts } from './payouts-api';
import { PeriodForm, usePeriod } from './period-form';

/** The columns of the list: the figures that make what is owed. */
const COLUMNS = ['tickets_gross', 'service_fee', 'refunds', 'owed'] as const;
const cents = (f: PayoutFigures, k: (typeof COLUMNS)[number]) =>
  ({
    tickets_gross: f.tickets_gross_cents,
    service_fee: f.service_fee_kept_cents,
    refunds: f.refunds_cents,
    owed: f.owed_cents,
  })[k];

/**
 * Payouts (issue 27 item 7): every event of the organiser with what it collected, the
 * platform's fee, refunds and what is owed to the organiser in a period; each event opens its
 * statement; the period exports as CSV. Needs `finance.view`.
 */
export function PayoutsPage() {
  const { t } = useTranslation(['payouts', 'common']);
  const { current } = useShell();
  const organizerId = current?.organizer_id ?? 0;
  const may = !!current && roleHas(current.role, 'finance.view');
  const [period, setPeriod] = usePeriod();
  const list = usePayouts(may ? organizerId : 0, period);
  const exporting = usePayoutExport(organizerId);
  if (!may) return <Navigate to="/" replace />;
  const data = list.data;
  const qs = new URLSearchParams(Object.entries(period).filter(([, v]) => v)).toString();
  const label = (k: string) => data?.labels[k] ?? k;
  const exportCsv = () =>
    exporting.mutate({ period }, { onError: (err) => notify(apiFormError(t, err), 'error') });
  return (
    <div className="max-w-6xl">
      <PageHeader
        title={t('title')}
        subtitle={t('intro', { organizer: current.organizer_name })}
        actions={
          <button type="button" className="btn-primary" onClick={exportCsv} disabled={exporting.isPending}>
            {t('export_csv')}
          </button>
        }
      />
      <PeriodForm period={period} onChange={setPeriod} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <FormError message={apiFormError(t, list.error)} />
      ) : (
        <div
          className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          role="region"
          aria-label={t('table_label')}
          tabIndex={0}
        >
          <table className="data-table" data-testid="payouts-table">
            <caption className="sr-only">{t('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('col_event')}</th>
                <th scope="col" className="text-right">
                  {t('col_orders')}
                </th>
                {COLUMNS.map((k) => (
                  <th key={k} scope="col" className="text-right">
                    {k === 'service_fee' ? label('service_fee_kept') : label(k)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data!.events.length === 0 && (
                <tr>
                  <td colSpan={COLUMNS.length + 2} className="py-8 text-center text-slate-700">
                    {t('none')}
                  </td>
                </tr>
              )}
              {data!.events.map(({ event, figures }) => (
                <tr key={event.id} data-testid={`payout-row-${event.id}`}>
                  <td data-label={t('col_event')}>
                    <Link
                      className="font-semibold text-amber-900 underline"
                      to={`/organizers/${organizerId}/payouts/${event.id}${qs ? `?${qs}` : ''}`}
                    >
                      {event.name}
                    </Link>
                  </td>
                  <td data-label={t('col_orders')} className="text-right tabular-nums">
                    {figures.orders}
                  </td>
                  {COLUMNS.map((k) => (
                    <td
                      key={k}
                      data-label={k === 'service_fee' ? label('service_fee_kept') : label(k)}
                      className={`text-right tabular-nums ${k === 'owed' ? 'font-semibold' : ''}`}
                    >
                      {formatEur(cents(figures, k))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {data!.events.length > 1 && (
              <tfoot>
                <tr className="border-t-2 border-slate-300 font-semibold">
                  <th scope="row">{t('total')}</th>
                  <td data-label={t('col_orders')} className="text-right tabular-nums">
                    {data!.totals.orders}
                  </td>
                  {COLUMNS.map((k) => (
                    <td key={k} data-label={label(k)} className="text-right tabular-nums">
                      {formatEur(cents(data!.totals, k))}
                    </td>
                  ))}
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
      <p className="mt-4 text-sm text-slate-700">{t('chargebacks_note')}</p>
    </div>
  );
}
