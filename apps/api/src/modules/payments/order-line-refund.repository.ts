/** Back-office refunds of some lines of an order (order_refunds): written and read here only. */
import { and, asc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderRefunds } from '../../db/schema/index';

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

export async function findOrderRefundByKey(db: DbOrTx, orderId: number, key: string) {
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

export async function insertOrderRefund(
  db: DbOrTx,
  values: typeof orderRefunds.$inferInsert,
): Promise<OrderRefundRow> {
  const rows = await db.insert(orderRefunds).values(values).returning();
  return rows[0]!;
}

/** A refund of the order, locked while its provider call runs (null when another holds it). */
export async function lockOrderRefund(db: DbOrTx, orderId: number, id: number) {
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.orderId, orderId)))
    .for('update', { skipLocked: true });
  return rows[0];
}

export async function findOrderRefund(db: DbOrTx, orderId: number, id: number) {
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.orderId, orderId)))
    .limit(1);
  return rows[0];
}

export async function updateOrderRefund(
  db: DbOrTx,
  id: number,
  values: Partial<typeof orderRefunds.$inferInsert>,
  now: Date,
): Promise<OrderRefundRow> {
  const rows = await db
    .update(orderRefunds)
    .set({ ...values, updatedAt: now })
    .where(eq(orderRefunds.id, id))
    .returning();
  return rows[0]!;
}

/** The refunds of an order, oldest first (its story). */
export function refundsOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.id));
}

/**
 * One refund still `pending` since before `before` (its request ended before the provider
 * answered: a crash or a timeout), claimed for the job with FOR UPDATE SKIP LOCKED.
 */
export async function claimStalePendingRefund(db: DbOrTx, before: Date) {
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.status, 'pending'), lt(orderRefunds.updatedAt, before)))
    .orderBy(asc(orderRefunds.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0];
}
