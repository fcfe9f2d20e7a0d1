import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { FormError } from '../../components/form-error';
import { formatDateTime } from '../../lib/format';
import { apiFormError } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { Section } from './order-sections';
import { useRetryRefund, type AdminOrderView } from './orders-api';

/**
 * The back office's refunds of the order: when, how much, of what, its state with the provider
 * (a failed one with its reason and "Tentar de novo" for those who may refund).
 */
export function RefundsSection({
  organizerId,
  order,
  canAct,
}: {
  organizerId: number;
  order: AdminOrderView;
  canAct: boolean;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const retry = useRetryRefund(organizerId, order.id);
  if (!order.refunds.length) return null;
  return (
    <Section id="refunds" title={t('orders:refunds')}>
      <FormError message={retry.isError ? apiFormError(t, retry.error) : null} />
      <ul className="flex flex-col gap-3">
        {order.refunds.map((r) => (
          <li
            key={r.id}
            className="rounded-lg p-3 ring-1 ring-slate-200"
            data-testid="order-refund"
            data-status={r.status}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold tabular-nums">{formatEur(r.amount_cents)}</p>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-900">
                {t(`orders:refund_status.${r.status}`)}
              </span>
            </div>
            <p className="text-sm text-slate-700">
              {formatDateTime(r.created_at)}
              {r.tickets_cancelled > 0 && ` · ${t('orders:refund_tickets', { count: r.tickets_cancelled })}`}
              {r.topup_cents > 0 &&
                ` · ${t('orders:refund_topup_part', { amount: formatEur(r.topup_cents) })}`}
              {r.service_cents > 0 &&
                ` · ${t('orders:refund_service_part', { amount: formatEur(r.service_cents) })}`}
            </p>
            {r.reason && <p className="text-sm">{t('orders:refund_reason_was', { reason: r.reason })}</p>}
            {r.refund_ref && <p className="break-all font-mono text-xs">{r.refund_ref}</p>}
            {r.error && <p className="text-sm text-red-800">{r.error}</p>}
            {canAct && r.status === 'failed' && (
              <button
                type="button"
                className="btn-secondary mt-2"
                disabled={retry.isPending}
                onClick={() => retry.mutate(r.id, { onSuccess: (res) => notify(res.message ?? '') })}
              >
                {t('orders:refund_retry')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
