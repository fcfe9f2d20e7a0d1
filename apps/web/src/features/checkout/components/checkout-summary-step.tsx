import { useTranslation } from 'react-i18next';
import type { SummaryRow, SummaryTotal } from '../lib/checkout-rules';
import type { PromoState } from '../hooks/use-promo-code';
import { CheckoutSummaryLines } from './checkout-summary-lines';
import { PromoCodeField } from './promo-code-field';

/** Step 1: what is being bought, the service cost and the total. */
export function CheckoutSummaryStep({
  loading,
  rows,
  totals,
  promo,
  onContinue,
}: {
  loading: boolean;
  rows: SummaryRow[];
  totals: SummaryTotal[];
  /** the promo code field (none for a wallet top-up or an order already created) */
  promo?: PromoState | null;
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
        <p>{t('cart:errors.cart_empty')}</p>
      )}
      {promo && rows.length > 0 && <PromoCodeField promo={promo} />}
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
