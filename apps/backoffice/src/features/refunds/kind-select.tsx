import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  PAYMENT_REFUND_STATUSES,
  REFUND_KINDS,
  type PaymentRefundStatus,
  type RefundKind,
} from '@bilheteira/shared/schemas/backoffice-payment-refunds';

export interface ProviderParams {
  kind: RefundKind;
  status: PaymentRefundStatus | 'all';
  page: number;
}

/**
 * Which refunds the queue shows (`?kind=`; wallet requests when absent) and, for refunds to
 * payment methods, their status and page. Changing the kind starts its list afresh.
 */
export function useKindParams(): [ProviderParams, (next: Partial<ProviderParams>) => void] {
  const [params, setParams] = useSearchParams();
  const kind = (REFUND_KINDS as readonly string[]).includes(params.get('kind') ?? '')
    ? (params.get('kind') as RefundKind)
    : 'wallet_request';
  const status = params.get('status') ?? '';
  const current: ProviderParams = {
    kind,
    status: (PAYMENT_REFUND_STATUSES as readonly string[]).includes(status)
      ? (status as PaymentRefundStatus)
      : 'all',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const set = (next: Partial<ProviderParams>) => {
    const v =
      next.kind && next.kind !== kind ? { kind: next.kind, status: 'all', page: 1 } : { ...current, ...next };
    const q = new URLSearchParams();
    if (v.kind !== 'wallet_request') q.set('kind', v.kind);
    if (v.status !== 'all') q.set('status', v.status);
    if (v.page > 1) q.set('page', String(v.page));
    setParams(q, { replace: true });
  };
  return [current, set];
}

/** Wallet requests, cancellation refunds or other order refunds. */
export function KindSelect({ kind, onChange }: { kind: RefundKind; onChange(kind: RefundKind): void }) {
  const { t } = useTranslation('refunds');
  return (
    <div className="mb-4 max-w-xs">
      <label htmlFor="refunds-kind" className="field-label">
        {t('filter_kind')}
      </label>
      <select
        id="refunds-kind"
        className="field-input"
        value={kind}
        onChange={(e) => onChange(e.target.value as RefundKind)}
        data-testid="kind-filter"
      >
        {REFUND_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`kind.${k}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
