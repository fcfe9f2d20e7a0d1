import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { customerTickets, eventSessions, events, orderLines, orders, payments } from '../../db/schema/index';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;

export async function insertOrder(db: DbOrTx, values: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function insertLines(db: DbOrTx, lines: NewOrderLine[]): Promise<void> {
  if (lines.length) await db.insert(orderLines).values(lines);
}

export async function findOrderByIdempotencyKey(db: DbOrTx, customerId: number, key: string) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

/** An order by id, only if it belongs to the customer (another customer's id: undefined). */
export async function findOwnedOrder(db: DbOrTx, customerId: number, orderId: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1);
  return rows[0];
}

export async function findOrderById(db: DbOrTx, orderId: number): Promise<OrderRow | undefined> {
  const rows = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return rows[0];
}

export async function findOrderForUpdate(db: DbOrTx, orderId: number): Promise<OrderRow | undefined> {
  const rows = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return rows[0];
}

export async function findLines(db: DbOrTx, orderIds: number[]): Promise<OrderLineRow[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
}

export async function findSessionsForLines(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(eventSessions).where(inArray(eventSessions.id, ids));
}

export async function findEventsByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(events).where(inArray(events.id, ids));
}

export async function findPaymentsOfOrder(db: DbOrTx, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id));
}

export async function findTicketIdsOfOrder(db: DbOrTx, orderId: number): Promise<number[]> {
  const rows = await db
    .select({ id: customerTickets.id })
    .from(customerTickets)
    .where(eq(customerTickets.orderId, orderId))
    .orderBy(asc(customerTickets.id));
  return rows.map((r) => r.id);
}

/** A page of the customer's orders, newest first, with the statuses of one filter. */
export async function listOrders(
  db: DbOrTx,
  q: { customerId: number; statuses: string[] | null; page: number; perPage: number },
) {
  const where = q.statuses
    ? and(eq(orders.customerId, q.customerId), inArray(orders.status, q.statuses))
    : eq(orders.customerId, q.customerId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function setOrderExpiry(db: DbOrTx, orderId: number, expiresAt: Date): Promise<void> {
  await db.update(orders).set({ expiresAt }).where(eq(orders.id, orderId));
}

/**
 * Claims a batch of pending orders whose hold is over and marks them cancelled, skipping
 * rows another worker holds (FOR UPDATE SKIP LOCKED): safe with any number of instances.
 * Orders with a payment still awaiting the customer (MB WAY, 3-D Secure) wait for it.
 */
export async function claimExpiredOrders(db: DbOrTx, now: Date, batch: number): Promise<OrderRow[]> {
  const ids = await queryRows<{ id: number }>(
    db,
    sql`
    WITH due AS (
      SELECT o.id FROM orders o
      WHERE o.status = 'pending' AND o.expires_at <= ${now.toISOString()}
        AND NOT EXISTS (
          SELECT 1 FROM payments p WHERE p.order_id = o.id
            AND p.status IN ('pending', 'requires_action')
            AND p.expires_at > ${now.toISOString()})
      ORDER BY o.id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
    UPDATE orders SET status = 'cancelled' FROM due WHERE orders.id = due.id
    RETURNING orders.id`,
  );
  if (!ids.length) return [];
  return db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        ids.map((r) => r.id),
      ),
    );
}

/** Pending → paid (or cancelled → paid after a late approval), exactly once. */
export async function markOrderPaid(db: DbOrTx, orderId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: 'paid', paidAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['pending', 'processing', 'cancelled'])))
    .returning({ id: orders.id });
  return rows.length === 1;
}

export async function forceExpire(db: DbOrTx, orderId: number, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ expiresAt: new Date(now.getTime() - 1000) })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
  await db
    .update(payments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['pending', 'requires_action'])));
}
