/**
 * Refunds of paid orders decided by the organiser (an event or a session cancelled) or asked
 * by the customer (an event postponed, inside its window). One path: the order becomes
 * `refunded` at once (tickets canceled, sold places given back) and its approved payment
 * `refund_pending`, which the refund job (payment-refunds.service.ts) gives back to the
 * original payment method through the provider, exactly once. The wallet top-up lines of an
 * order stay in the wallet (the wallet's own refund rules decide them), so what goes back to
 * the card is the order's total less its top-ups.
 */
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import {
  OPEN_ORDER_STATUSES,
  cancelOpenOrders,
  lockOrdersOfEvent,
  markPaidOrderRefunded,
} from '../orders/order-lifecycle.service';
import type { OrderRow } from '../orders/orders.service';
import { cancelTicketsOfOrders } from '../tickets/ticket-cancel.service';
import {
  findApprovedPaymentForUpdate,
  findRefundOfOrder,
  partlyRefundedCents,
} from './order-refund.repository';
import { refundAmountOf } from './payment-refunds.service';
import { supersedeOpenPayments, updatePayment } from './payments.repository';

export interface OrderRefund {
  orderId: number;
  /** the buyer (told of the refund) */
  customerId: number;
  paymentId: number | null;
  /** what the refund job gives back through the provider (0: nothing was paid for tickets) */
  refundCents: number;
}

/**
 * Refunds a paid order the caller has locked (status `paid`), in the caller's transaction.
 * `reason`: event_cancelled | session_cancelled | event_postponed.
 */
export async function refundPaidOrder(
  tx: DbOrTx,
  order: OrderRow,
  actor: string,
  reason: string,
  now: Date,
): Promise<OrderRefund> {
  if (order.status !== 'paid') throw new Error(`order ${order.id} is ${order.status}, not paid`);
  const lines = await markPaidOrderRefunded(tx, order);
  await cancelTicketsOfOrders(tx, [order.id]);
  // a second attempt still open on the order must not charge it again
  await supersedeOpenPayments(tx, order.id, now);
  const topupCents = lines.filter((l) => l.kind === 'topup').reduce((n, l) => n + l.unitCents * l.qty, 0);
  const payment = await findApprovedPaymentForUpdate(tx, order.id);
  // what back-office refunds of some lines already gave back (their tickets, top-ups and
  // service share) is not given twice: the tickets and service left, less nothing else
  const before = await partlyRefundedCents(tx, order.id);
  const owed = order.totalCents - topupCents - (before.ticketsCents + before.serviceCents);
  const refundCents = payment ? Math.max(0, Math.min(payment.amountCents - before.amountCents, owed)) : 0;
  if (payment && refundCents > 0)
    await updatePayment(
      tx,
      payment.id,
      {
        status: 'refund_pending',
        refundNextAt: null,
        refundAttempts: 0,
        refundError: null,
        meta: { ...payment.meta, refund_cents: refundCents, refund_reason: reason },
      },
      now,
    );
  await audit(tx, {
    actor,
    action: 'order.refund',
    entity: 'order',
    entityId: order.id,
    data: { reason, refund_cents: refundCents, payment_id: payment?.id ?? null, topup_cents: topupCents },
  });
  return { orderId: order.id, customerId: order.customerId, paymentId: payment?.id ?? null, refundCents };
}

/** What an order already refunded gave back (a repeated request answers it again). */
export async function refundedCentsOfOrder(db: DbOrTx, orderId: number): Promise<number> {
  const payment = await findRefundOfOrder(db, orderId);
  return payment ? refundAmountOf(payment) : 0;
}

export interface CancelledOrders {
  refunded: OrderRefund[];
  /** pending orders cancelled (places and code uses given back) */
  cancelled: number[];
}

/**
 * An event (sessionId null) or one session is cancelled: in the caller's transaction, every
 * open order of it is cancelled (its attempts closed, places given back) and every paid order
 * refunded. Orders are locked in id order; a payment confirmed meanwhile is seen as paid.
 */
export async function cancelOrdersOfEvent(
  tx: DbOrTx,
  target: { eventId: number; sessionId: number | null },
  actor: string,
  reason: string,
  now: Date,
): Promise<CancelledOrders> {
  const rows = await lockOrdersOfEvent(tx, target.eventId, target.sessionId, [
    ...OPEN_ORDER_STATUSES,
    'paid',
  ]);
  const open = rows.filter((o) => o.status !== 'paid');
  for (const o of open) await supersedeOpenPayments(tx, o.id, now);
  await cancelOpenOrders(tx, target.eventId, open, actor, reason);
  const refunded: OrderRefund[] = [];
  for (const o of rows.filter((r) => r.status === 'paid'))
    refunded.push(await refundPaidOrder(tx, o, actor, reason, now));
  return { refunded, cancelled: open.map((o) => o.id) };
}
