import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { preparedQueryRows, queryRows, type DbOrTx } from '../../db/client';
import { counters, type StockClaim } from './stock.repository';
import { customerTickets, eventSessions, events, orderLines, orders, payments } from '../../db/schema/index';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;

/** "Run after `cte` is complete": an always-true condition that makes `cte` a dependency. */
const after = (cte: string) => sql.raw(`(SELECT count(*) FROM ${cte}) >= 0`);

/**
 * Creates a pending order AND holds its stock in ONE autocommit statement: the order row,
 * its lines and its audit row are inserted first, then every counter the order claims (ticket
 * types, sessions, days, in the global order of `counters`) is incremented, then the cart's
 * lines are cleared. A hot ticket type's row is therefore locked only from its UPDATE to the
 * statement's own commit, never across a round trip to Node: concurrency is bounded by the
 * row lock itself, as for the bare reservation statement.
 *
 * All or nothing: when a counter would pass its stock, the CHECK constraint of its table
 * fails the statement and nothing at all is written (stockShortageKind tells which kind).
 * The UPDATEs are unconditional on purpose: the CHECK is the rule, and a day without an
 * `event_day_stock` row simply matches no row (not limited). A repeated Idempotency-Key
 * fails on the unique index the same way.
 *
 * Answers the new order's id and its line ids in the order of `lines`.
 */
export async function insertPendingOrder(
  db: DbOrTx,
  input: {
    order: Omit<NewOrder, 'id' | 'status' | 'paidAt'> & { createdAt: Date };
    lines: Omit<NewOrderLine, 'id' | 'orderId'>[];
    claims: StockClaim[];
    audit: { actor: string; data: Record<string, unknown> };
    clearCartId: number | null;
  },
): Promise<{ orderId: number; lineIds: number[] }> {
  const { order: o, lines, audit } = input;
  const c = counters(o.eventId, input.claims);
  const ctes = [
    sql`o AS (
      INSERT INTO orders (reference, customer_id, event_id, status, subtotal_cents, service_cents, total_cents,
        billing, receipt_email, idempotency_key, expires_at, created_at)
      VALUES (${o.reference}, ${o.customerId}, ${o.eventId}, 'pending', ${o.subtotalCents}, ${o.serviceCents},
        ${o.totalCents}, ${JSON.stringify(o.billing ?? {})}::jsonb, ${o.receiptEmail ?? null},
        ${o.idempotencyKey ?? null}, ${o.expiresAt.toISOString()}::timestamptz, ${o.createdAt.toISOString()}::timestamptz)
      RETURNING id)`,
    // serial ids follow the insertion order, which follows pos
    sql`l AS (
      INSERT INTO order_lines (order_id, kind, ticket_type_id, session_id, qty, unit_cents, description, stock_days)
      SELECT o.id, x.kind, x.ticket_type_id, x.session_id, x.qty, x.unit_cents, x.description, x.stock_days
      FROM o, jsonb_to_recordset(${JSON.stringify(lines.map((l, pos) => ({ pos, kind: l.kind, ticket_type_id: l.ticketTypeId ?? null, session_id: l.sessionId ?? null, qty: l.qty, unit_cents: l.unitCents, description: l.description ?? '', stock_days: l.stockDays ?? [] })))}::jsonb)
        AS x(pos int, kind text, ticket_type_id int, session_id int, qty int, unit_cents int, description text, stock_days jsonb)
      ORDER BY x.pos
      RETURNING id)`,
    sql`a AS (
      INSERT INTO audit_log (actor, action, entity, entity_id, data)
      SELECT ${audit.actor}, 'order.create', 'order', o.id::text, ${JSON.stringify(audit.data)}::jsonb
      FROM o WHERE ${after('l')}
      RETURNING id)`,
  ];
  // Stock last, one counter after the other in the order of `counters` (each CTE waits for
  // the previous one): the same lock order as reserveStock, commitStock and releaseStock.
  let previous = 'a';
  const step = (update: SQL) => {
    const name = `c${ctes.length}`;
    ctes.push(sql`${sql.raw(name)} AS (${update} AND ${after(previous)} RETURNING 1)`);
    previous = name;
  };
  for (const [id, n] of c.types)
    step(sql`UPDATE ticket_types SET reserved = reserved + ${n} WHERE id = ${id}`);
  for (const [id, n] of c.sessions)
    step(sql`UPDATE event_sessions SET reserved = reserved + ${n} WHERE id = ${id}`);
  for (const [day, n] of c.days)
    step(
      sql`UPDATE event_day_stock SET reserved = reserved + ${n} WHERE event_id = ${o.eventId} AND day = ${day}`,
    );
  if (input.clearCartId !== null)
    ctes.push(
      sql`cc AS (DELETE FROM cart_items WHERE cart_id = ${input.clearCartId} AND ${after(previous)})`,
    );
  const [row] = await preparedQueryRows<{ order_id: number; line_ids: number[] | null }>(
    db,
    sql`WITH ${sql.join(ctes, sql`, `)}
      SELECT o.id AS order_id, (SELECT array_agg(id ORDER BY id) FROM l) AS line_ids FROM o
      WHERE ${after(previous)}`,
  );
  return { orderId: row!.order_id, lineIds: row!.line_ids ?? [] };
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
