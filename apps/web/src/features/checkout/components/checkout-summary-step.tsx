import { useTranslation } from 'react-i18next';
import type { SummaryRow, SummaryTotal } from '../lib/checkout-rules';
import { CheckoutSummaryLines } from './checkout-summary-lines';

/** Step 1: what is being bought, the service cost and the total. */
export function CheckoutSummaryStep({
  loading,
  rows,
  totals,
  onContinue,
}: {
  loading: boolean;
  rows: SummaryRow[];
  totals: SummaryTotal[];
  onContinue(): void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <div>
      {loading ? (
        <p>{t('loading')}</p>
      ) : rows.length ? (
        <CheckoutSummaryLines rows={rows} totals={totals} />
      ) : (
        <p>{t('errors.cart_empty')}</p>
      )}
      {/* the note explains the service cost line: a wallet top-up alone has none */}
      {totals.length > 1 && <p className="mt-3 text-xs text-slate-700">{t('summary.service_note')}</p>}
      <button
        type="button"
        className="btn-primary mt-4 w-full"
        onClick={onContinue}
        data-testid="checkout-continue"
      >
        {t('actions.continue')}
      </button>
    </div>
  );
}
