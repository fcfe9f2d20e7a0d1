import { isOpenPaymentStatus } from '@bilheteira/shared/schemas/orders';
import { audit } from '../../lib/audit';
import { orderErrors } from '../orders/orders.errors';
import { orderDetail } from '../orders/order-view.service';
import { findOrderForUpdate, findOwnedOrder } from '../orders/orders.service';
import type { PaymentsContext } from './payments.context';
import { paymentErrors } from './payments.errors';
import { findLatestPayment, updatePayment, type PaymentRow } from './payments.repository';

export interface CancelAttemptArgs {
  customerId: number;
  orderId: number;
  /** written to the audit log */
  actor: string;
}

/**
 * The customer gives up waiting for an open attempt (MB WAY: "use another method"): the attempt
 * ends, here and at the provider, and the order stays payable by another method.
 * With the order row locked, so of many concurrent calls one closes the attempt and asks the
 * provider; the others find nothing open and answer the same order (idempotent).
 * Answers whether this call closed an attempt, the newest attempt and the order: a paid order
 * is never touched (the approval came first; the caller shows it as paid).
 * Throws 404 (not the customer's order), 409 payment_in_progress (the provider is still being
 * asked to create the attempt: it cannot be cancelled yet).
 */
export async function cancelOpenAttempt(ctx: PaymentsContext, args: CancelAttemptArgs, now: Date) {
  const { db } = ctx;
  const closed = await db.transaction(async (tx) => {
    const order = await findOrderForUpdate(tx, args.orderId);
    if (!order || order.customerId !== args.customerId) throw orderErrors.notFound();
    const latest = await findLatestPayment(tx, order.id);
    if (!latest || !isOpenPaymentStatus(latest.status)) return null;
    if ((latest.meta as { in_flight?: boolean }).in_flight) throw paymentErrors.inProgress();
    // 'expired' like a superseded attempt: it ended unpaid; the reason stays in meta and the audit log
    const ended = await updatePayment(
      tx,
      latest.id,
      { status: 'expired', meta: { ...(latest.meta as object), closed_by: 'customer' } },
      now,
    );
    await audit(tx, {
      actor: args.actor,
      action: 'payment.cancelled_by_customer',
      entity: 'payment',
      entityId: latest.id,
      data: { order_id: order.id, method: latest.method },
    });
    return ended;
  });
  if (closed) await cancelAtProvider(ctx, closed);
  const order = await findOwnedOrder(db, args.customerId, args.orderId);
  if (!order) throw orderErrors.notFound();
  const payment = closed ?? (await findLatestPayment(db, order.id)) ?? null;
  return { cancelled: !!closed, payment, order: await orderDetail(db, order, now) };
}

/**
 * Best effort, after the commit: a provider that cannot be reached or refuses (the customer
 * approved a moment earlier) leaves the request to its own expiry; an approval that still
 * arrives pays the order through the usual exactly-once fulfilment, or is refunded if the
 * order was paid another way meanwhile (fulfilment.service).
 */
async function cancelAtProvider(ctx: PaymentsContext, payment: PaymentRow): Promise<void> {
  if (!ctx.provider.cancel || !payment.providerRef || payment.provider !== ctx.provider.name) return;
  await ctx.provider.cancel(payment.providerRef).catch(() => {});
}
