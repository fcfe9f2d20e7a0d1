import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import { formatEur } from '@bilheteira/shared/money';
import type { PayoutLine } from '@bilheteira/shared/schemas/backoffice-payouts';
import { useShell } from '../../app/shell-context';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { apiFormError } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { useEventPayout, usePayoutExport } from './payouts-api';
import { PeriodForm, usePeriod } from './period-form';

/** Lines that are a result: drawn stronger. */
const RESULTS = new Set(['collected', 'owed', 'wallet_float_end']);
/** Lines that take money away from what was collected. */
const TAKEN = new Set(['refunds', 'chargebacks', 'service_fee_kept']);

function Lines({ title, lines, testId }: { title: string; lines: PayoutLine[]; testId: string }) {
  return (
    <section
      className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-labelledby={`${testId}-h`}
    >
      <h2 id={`${testId}-h`} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <dl className="divide-y divide-slate-200" data-testid={testId}>
        {lines.map((l) => (
          <div
            key={l.key}
            className={`flex flex-wrap items-baseline justify-between gap-x-4 py-2 ${RESULTS.has(l.key) ? 'font-semibold' : ''}`}
            data-testid={`line-${l.key}`}
          >
            <dt className="min-w-0 flex-1">
              <span className="text-slate-900">{l.label}</span>
              <span className="block text-sm font-normal text-slate-700">{l.hint}</span>
            </dt>
            <dd className="tabular-nums text-slate-900">
              {TAKEN.has(l.key) && l.cents > 0 ? `− ${formatEur(l.cents)}` : formatEur(l.cents)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One event's payout statement in a period, each figure with what it is; CSV. Needs `finance.view`. */
export function PayoutEventPage() {
  const { t } = useTranslation(['payouts', 'common']);
  const { current } = useShell();
  const organizerId = current?.organizer_id ?? 0;
  const eventId = Number(useParams().eventId) || 0;
  const may = !!current && roleHas(current.role, 'finance.view');
  const [period, setPeriod] = usePeriod();
  const payout = useEventPayout(may ? organizerId : 0, eventId, period);
  const exporting = usePayoutExport(organizerId);
  if (!may) return <Navigate to="/" replace />;
  const data = payout.data;
  const qs = new URLSearchParams(Object.entries(period).filter(([, v]) => v)).toString();
  return (
    <div className="max-w-3xl">
      <p className="mb-2">
        <Link
          className="text-amber-900 underline"
          to={`/organizers/${organizerId}/payouts${qs ? `?${qs}` : ''}`}
        >
          {t('back')}
        </Link>
      </p>
      <PageHeader
        title={data ? t('event_title', { event: data.event.name }) : t('title')}
        subtitle={t('event_intro')}
        actions={
          <button
            type="button"
            className="btn-primary"
            disabled={exporting.isPending}
            onClick={() =>
              exporting.mutate(
                { period, eventId },
                { onError: (err) => notify(apiFormError(t, err), 'error') },
              )
            }
          >
            {t('export_csv')}
          </button>
        }
      />
      <PeriodForm period={period} onChange={setPeriod} />
      {payout.isPending ? (
        <Loading />
      ) : payout.isError ? (
        <FormError message={apiFormError(t, payout.error)} />
      ) : (
        <>
          <Lines
            title={t('section_payout')}
            lines={data!.lines.filter((l) => l.section === 'payout')}
            testId="payout-lines"
          />
          <Lines
            title={t('section_cashless')}
            lines={data!.lines.filter((l) => l.section === 'cashless')}
            testId="cashless-lines"
          />
        </>
      )}
    </div>
  );
}
