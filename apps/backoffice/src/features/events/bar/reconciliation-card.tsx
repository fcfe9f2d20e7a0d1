import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { serverError } from '../form-kit';
import { downloadReconciliation, useReconciliation } from './bar-products-api';

/**
 * The wallet float reconciled against the ledger: money in less money out is the float, the
 * difference 0 to the cent; what customers could still claim; the CSV (finance.view only).
 */
export function ReconciliationCard({ organizerId, eventId }: { organizerId: number; eventId: number }) {
  const { t } = useTranslation(['bar', 'common']);
  const report = useReconciliation(organizerId, eventId, true);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setError(null);
    try {
      await downloadReconciliation(organizerId, eventId);
    } catch (err) {
      setError(serverError(t, err));
    }
  };
  if (report.isPending) return <Loading />;
  if (report.isError) return <FormError message={serverError(t, report.error)} />;
  const r = report.data;
  const lines: [string, number, 'in' | 'out' | 'sub' | 'total'][] = [
    ['rec_topups_online', r.money_in.topups_online_cents, 'in'],
    ['rec_topups_onsite', r.money_in.topups_onsite_cents, 'in'],
    ['rec_transfers', r.money_in.transfers_net_cents, 'in'],
    ['rec_in_total', r.money_in.total_cents, 'total'],
    ['rec_consumption', r.money_out.consumption_cents, 'out'],
    ['rec_wallet_refunds', r.money_out.wallet_refunds_cents, 'out'],
    ['rec_wallet_refunds_paid', r.money_out.wallet_refunds_paid_cents, 'sub'],
    ['rec_wallet_refunds_pending', r.money_out.wallet_refunds_pending_cents, 'sub'],
    ['rec_cash_refunds', r.money_out.cash_refunds_cents, 'out'],
    ['rec_fees', r.money_out.fees_cents, 'out'],
    ['rec_out_total', r.money_out.total_cents, 'total'],
    ['rec_float', r.float_cents, 'total'],
  ];
  const balanced = r.difference_cents === 0;
  return (
    <section aria-labelledby="reconciliation-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="reconciliation-title" className="text-xl font-bold">
          {t('bar:rec_title')}
        </h2>
        <button type="button" className="btn-secondary" onClick={() => void download()}>
          {t('bar:rec_csv')}
        </button>
      </div>
      <p className="mb-3 text-sm text-slate-700">{t('bar:rec_intro')}</p>
      <FormError message={error} />
      <div className="card">
        <table className="w-full text-left text-sm" data-testid="reconciliation">
          <caption className="sr-only">{t('bar:rec_title')}</caption>
          <tbody>
            {lines.map(([key, cents, kind]) => (
              <tr key={key} className={kind === 'total' ? 'border-t border-slate-300 font-semibold' : ''}>
                <th
                  scope="row"
                  className={`py-1 pr-3 font-normal ${kind === 'sub' ? 'pl-4 text-slate-700' : ''} ${kind === 'total' ? 'font-semibold' : ''}`}
                >
                  {t(`bar:${key}`)}
                </th>
                <td className="py-1 text-right tabular-nums">{formatEur(cents)}</td>
              </tr>
            ))}
            <tr className="border-t-2 border-slate-400">
              <th scope="row" className="py-2 pr-3">
                {t('bar:rec_difference')}
              </th>
              <td
                className={`py-2 text-right font-bold tabular-nums ${balanced ? 'text-green-800' : 'text-red-800'}`}
                data-testid="reconciliation-difference"
              >
                {formatEur(r.difference_cents)}
              </td>
            </tr>
          </tbody>
        </table>
        <p
          className={`mt-2 text-sm font-semibold ${balanced ? 'text-green-800' : 'text-red-800'}`}
          role="status"
        >
          {balanced ? t('bar:rec_balanced') : t('bar:rec_unbalanced')}
        </p>
        <p className="mt-3 text-sm">{t('bar:rec_liability', { amount: formatEur(r.liability_cents) })}</p>
      </div>
    </section>
  );
}
