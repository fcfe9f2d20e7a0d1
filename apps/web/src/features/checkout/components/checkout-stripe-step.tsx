import { formatEur } from '@bilheteira/shared/money';
import type { OrderDetailView } from '@bilheteira/shared/schemas/orders';
import { useTranslation } from 'react-i18next';
import { CheckoutOrderPending } from './checkout-order-pending';
import { StripePaymentElement } from './stripe-payment-element';

/** Step 3 with Stripe: its own card / wallet fields for the created order (PCI DSS SAQ A). */
export function CheckoutStripeStep({
  order,
  publishableKey,
  clientSecret,
  onBack,
}: {
  order: OrderDetailView;
  publishableKey: string;
  clientSecret: string;
  onBack(): void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <div className="space-y-4">
      <CheckoutOrderPending order={order} />
      <StripePaymentElement
        publishableKey={publishableKey}
        clientSecret={clientSecret}
        submitLabel={t('actions.pay', { total: formatEur(order.total_cents) })}
        onBack={onBack}
      />
    </div>
  );
}
