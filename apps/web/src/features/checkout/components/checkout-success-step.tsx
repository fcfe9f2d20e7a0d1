import { formatEur } from '@bilheteira/shared/money';
import type { OrderDetailView } from '@bilheteira/shared/schemas/orders';
import { useTranslation } from 'react-i18next';
import { summaryTotals, type SummaryRow } from '../lib/checkout-rules';
import { CheckoutSummaryLines } from './checkout-summary-lines';

/**
 * Paid: the order's reference, its lines with the subtotal, the service cost and the total
 * (the same sum as the summary the buyer confirmed), and the way to its tickets or orders.
 */
export function CheckoutSuccessStep({
  order,
  rows,
  onTickets,
  onOrders,
}: {
  order: OrderDetailView;
  rows: SummaryRow[];
  onTickets(): void;
  onOrders(): void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <div data-testid="checkout-success">
      <p className="rounded-lg bg-green-50 p-3 font-medium text-green-900" role="status">
        {t('success.text', { reference: order.reference })}
      </p>
      <CheckoutSummaryLines rows={rows} totals={summaryTotals({ order, cart: undefined }, t)} />
      {order.ticket_ids.length > 0 ? (
        <p className="mt-3 text-sm">{t('success.tickets', { count: order.ticket_ids.length })}</p>
      ) : (
        order.topup_cents > 0 && (
          <p className="mt-3 text-sm">{t('success.topup', { amount: formatEur(order.topup_cents) })}</p>
        )
      )}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        {order.ticket_ids.length > 0 && (
          <button
            type="button"
            className="btn-primary flex-1"
            onClick={onTickets}
            data-testid="checkout-see-tickets"
          >
            {t('success.see_tickets')}
          </button>
        )}
        <button type="button" className="btn-secondary flex-1" onClick={onOrders}>
          {t('success.see_orders')}
        </button>
      </div>
    </div>
  );
}
