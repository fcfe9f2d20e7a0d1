import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEur } from '@bilheteira/shared/money';
import { PAYMENT_REFUND_STATUSES } from '@bilheteira/shared/schemas/backoffice-payment-refunds';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { Pager } from '../../components/pager';
import { formatDateTime } from '../../lib/format';
import { apiFormError } from '../../lib/forms';
import { notify } from '../../lib/notice';
import {
  usePaymentRefunds,
  useRetryRefund,
  type AdminPaymentRefundView,
  type PaymentRefundKind,
  type PaymentRefundStatus,
} from './payment-refunds-api';

const BADGE: Record<PaymentRefundStatus, string> = {
  pending: 'bg-amber-100 text-amber-950',
  failed: 'bg-red-100 text-red-950',
  refunded: 'bg-green-100 text-green-950',
};

function Row({ r, organizerId }: { r: AdminPaymentRefundView; organizerId: number }) {
  const { t } = useTranslation('refunds');
  const retry = useRetryRefund(organizerId);
  const reason = r.reason
    ? t(`provider.reason.${r.reason}`, { defaultValue: r.reason })
    : t('provider.reason_none');
  return (
    <tr data-testid={`provider-refund-${r.source}-${r.id}`}>
      <td data-label={t('provider.col_refund')}>
        <span className="block font-semibold">{t(`provider.kind_row.${r.kind}`)}</span>
        <Link className="text-amber-900 underline" to={`/organizers/${organizerId}/orders/${r.order.id}`}>
          {r.order.reference}
        </Link>
        <span className="block text-slate-700">{r.event.name}</span>
        <span className="block text-slate-700">{reason}</span>
      </td>
      <td data-label={t('col_customer')}>
        {r.customer.name || <em className="text-slate-700">{t('erased')}</em>}
        {r.customer.email && <span className="block break-all text-slate-700">{r.customer.email}</span>}
        {r.customer.mobile && <span className="block text-slate-700">{r.customer.mobile}</span>}
      </td>
      <td data-label={t('col_amount')} className="tabular-nums">
        {formatEur(r.amount_cents)}
      </td>
      <td data-label={t('col_status')}>
        <span
          className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[r.status]}`}
          data-testid={`provider-status-${r.source}-${r.id}`}
        >
          {t(`provider.status.${r.status}`)}
        </span>
        {r.refunded_at && (
          <p className="mt-1 text-slate-700">
            {t('provider.refunded_on', { date: formatDateTime(r.refunded_at) })}
          </p>
        )}
        {r.status === 'failed' && r.error && (
          <p className="mt-1 break-words text-red-900">{t('provider.error', { error: r.error })}</p>
        )}
        {r.status === 'failed' && (
          <button
            type="button"
            className="btn-small mt-2"
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(r, {
                onSuccess: (message) => notify(message || t('provider.retried')),
                onError: (err) => notify(apiFormError(t, err), 'error'),
              })
            }
          >
            {t('provider.retry')}
          </button>
        )}
      </td>
    </tr>
  );
}

/**
 * Refunds to the buyers' payment methods of one kind (cancellations, other order refunds),
 * filtered by status; a failed one has "Tentar de novo".
 */
export function PaymentRefundsSection({
  organizerId,
  kind,
  status,
  page,
  onChange,
}: {
  organizerId: number;
  kind: PaymentRefundKind;
  status: PaymentRefundStatus | 'all';
  page: number;
  onChange(next: { status?: PaymentRefundStatus | 'all'; page?: number }): void;
}) {
  const { t } = useTranslation(['refunds', 'common']);
  const list = usePaymentRefunds(organizerId, { kind, status, page });
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  return (
    <>
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor="provider-status" className="field-label">
            {t('refunds:filter_status')}
          </label>
          <select
            id="provider-status"
            className="field-input"
            value={status}
            onChange={(e) => onChange({ status: e.target.value as PaymentRefundStatus | 'all', page: 1 })}
            data-testid="provider-status-filter"
          >
            <option value="all">{t('refunds:all_statuses')}</option>
            {PAYMENT_REFUND_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`refunds:provider.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {meta && meta.failed > 0 && (
        <p className="mb-3 rounded-lg bg-red-50 p-3 text-red-950" role="status">
          {t('refunds:provider.failed_count', { count: meta.failed })}
        </p>
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <FormError message={apiFormError(t, list.error)} />
      ) : (
        <div
          className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          role="region"
          aria-label={t(`refunds:kind.${kind}`)}
          tabIndex={0}
        >
          <table className="data-table" data-testid="provider-refunds">
            <caption className="sr-only">
              {t('refunds:provider.caption', { kind: t(`refunds:kind.${kind}`) })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('refunds:provider.col_refund')}</th>
                <th scope="col">{t('refunds:col_customer')}</th>
                <th scope="col">{t('refunds:col_amount')}</th>
                <th scope="col">{t('refunds:col_status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={4} className="py-8 text-center text-slate-700">
                    {t('refunds:provider.none')}
                  </td>
                </tr>
              ) : (
                rows.map((r) => <Row key={`${r.source}-${r.id}`} r={r} organizerId={organizerId} />)
              )}
            </tbody>
          </table>
        </div>
      )}
      {meta && meta.last_page > 1 && (
        <Pager page={page} lastPage={meta.last_page} onPage={(p) => onChange({ page: p })} />
      )}
    </>
  );
}
