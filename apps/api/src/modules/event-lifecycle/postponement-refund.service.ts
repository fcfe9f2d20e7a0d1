/**
 * A holder asks for the refund of a paid order of a postponed event (or of a postponed session
 * the order has tickets of), inside the window the organiser gave. The order is refunded
 * through payments' order refund (tickets canceled, places given back, the payment given back
 * to the original method by the refund job). Another customer's order answers 404; a repeat
 * answers the refund already made and changes nothing.
 */
import type { Db } from '../../db/client';
import { findLines, findOrderForUpdate } from '../orders/orders.service';
import { refundedCentsOfOrder, refundPaidOrder } from '../payments/order-refund.service';
import { eventLifecycleErrors } from './event-lifecycle.errors';
import { openPostponement, wasPostponed } from './event-lifecycle.repository';

export async function requestPostponementRefund(
  db: Db,
  customerId: number,
  orderId: number,
  actor: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const order = await findOrderForUpdate(tx, orderId);
    if (!order || order.customerId !== customerId) throw eventLifecycleErrors.orderNotFound();
    const sessionIds = [
      ...new Set(
        (await findLines(tx, [order.id])).flatMap((l) =>
          l.kind === 'ticket' && l.sessionId !== null ? [l.sessionId] : [],
        ),
      ),
    ];
    if (order.status === 'refunded' && (await wasPostponed(tx, order.eventId, sessionIds)))
      return {
        order_id: order.id,
        status: 'refunded' as const,
        refund_cents: await refundedCentsOfOrder(tx, order.id),
        already: true,
      };
    if (order.status !== 'paid') throw eventLifecycleErrors.orderNotPaid();
    const postponement = await openPostponement(tx, order.eventId, sessionIds, now);
    if (!postponement)
      throw (await wasPostponed(tx, order.eventId, sessionIds))
        ? eventLifecycleErrors.refundWindowClosed()
        : eventLifecycleErrors.notPostponed();
    const refund = await refundPaidOrder(tx, order, actor, 'event_postponed', now);
    return {
      order_id: order.id,
      status: 'refunded' as const,
      refund_cents: refund.refundCents,
      already: false,
    };
  });
}
