import { formatEur } from '@bilheteira/shared/money';
import type { OrderDetailView } from '@bilheteira/shared/schemas/orders';
import { useTranslation } from 'react-i18next';

/** "Order … of … € awaits payment", above the payment method and Stripe's fields. */
export function CheckoutOrderPending({ order }: { order: OrderDetailView }) {
  const { t } = useTranslation('checkout');
  return (
    <p className="rounded-lg bg-slate-100 p-3 text-sm">
      {t('payment.order_pending', {
        reference: order.reference,
        total: formatEur(order.total_cents),
      })}
    </p>
  );
}
