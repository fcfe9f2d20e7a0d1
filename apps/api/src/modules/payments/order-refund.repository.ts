/** The payment of a paid order, when the order is refunded (cancel, postponement). */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderRefunds, payments } from '../../db/schema/index';

/** The approved payment of an order, locked (one per paid order). */
export async function findApprovedPaymentForUpdate(db: DbOrTx, orderId: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'approved')))
    .orderBy(asc(payments.id))
    .limit(1)
    .for('update');
  return rows[0];
}

/** The payment of an order that is being, or was, given back. */
export async function findRefundOfOrder(db: DbOrTx, orderId: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.status, ['refund_pending', 'refund_failed', 'refunded']),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(1);
  return rows[0];
}

/**
 * What the back-office refunds of some lines of an order gave (or owe) back, whatever their
 * provider's answer: a failed one is still owed to the customer.
 */
export async function partlyRefundedCents(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      ticketsCents: sql<number>`coalesce(sum(${orderRefunds.ticketsCents}), 0)::int`,
      topupCents: sql<number>`coalesce(sum(${orderRefunds.topupCents}), 0)::int`,
      serviceCents: sql<number>`coalesce(sum(${orderRefunds.serviceCents}), 0)::int`,
      amountCents: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)::int`,
    })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  return row!;
}
