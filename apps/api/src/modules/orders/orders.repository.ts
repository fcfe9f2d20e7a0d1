import { OPEN_PAYMENT_STATUSES } from '@bilheteira/shared/schemas/orders';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { isTransaction, preparedQueryRows, queryRows, type Db, type DbOrTx } from '../../db/client';
import { ascending, batcherPerDatabase, inLockOrder } from '../../lib/batcher';
import { counters, type StockClaim } from './stock.repository';
import { eventSessions, events, orderLines, orders, payments, promoCodes } from '../../db/schema/index';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;

/**
 * Who orders: a customer the auth plugin authenticated, with the order's audit actor
 * (customer:<id>, or support:<operator> for an impersonated session).
 */
export interface Buyer {
  customerId: number;
  actor: string;
}

/** What insertPendingOrder writes: the order, its lines, its audit data, the stock it holds. */
export interface PendingOrderInput {
  buyer: Buyer;
  order: Omit<NewOrder, 'id' | 'status' | 'paidAt' | 'customerId'> & { createdAt: Date };
  lines: Omit<NewOrderLine, 'id' | 'orderId'>[];
  claims: StockClaim[];
  auditData: Record<string, unknown>;
  clearCartId: number | null;
  /** orders a customer may create per minute (refused beyond: isOrderRateLimited); null: no limit */
  ratePerMinute?: number | null;
  /**
   * ticket type id → the places that may be taken before this order for its price to hold
   * (a price step that ends after a number of tickets); refused beyond: isPriceStepOver
   */
  stepGuards?: Record<number, number>;
}

export interface PendingOrderWritten {
  orderId: number;
  lineIds: number[];
  customerId: number;
}

/** A counter an order claims, in the form insert_pending_orders reads. */
type CounterClaim =
  { kind: 'type' | 'session' | 'group'; id: number; n: number } | { kind: 'day'; day: string; n: number };

function counterClaims(eventId: number, claims: StockClaim[]): CounterClaim[] {
  const c = counters(eventId, claims);
  return [
    ...c.types.map(([id, n]) => ({ kind: 'type' as const, id, n })),
    ...c.sessions.map(([id, n]) => ({ kind: 'session' as const, id, n })),
    ...c.days.map(([day, n]) => ({ kind: 'day' as const, day, n })),
    ...c.groups.map(([id, n]) => ({ kind: 'group' as const, id, n })),
  ];
}

/** One order as an element of insert_pending_orders' JSON array. */
function orderJson(v: PendingOrderInput, claims: CounterClaim[]) {
  const o = v.order;
  return {
    reference: o.reference,
    customer_id: v.buyer.customerId,
    audit_actor: v.buyer.actor,
    event_id: o.eventId,
    subtotal_cents: o.subtotalCents,
    service_cents: o.serviceCents,
    total_cents: o.totalCents,
    // only an order with a code or a quantity price step carries these (none: no extra work)
    ...(o.discountCents ? { discount_cents: o.discountCents } : {}),
    ...(o.promoCodeId ? { promo_code_id: o.promoCodeId } : {}),
    ...(o.accessCodeId ? { access_code_id: o.accessCodeId } : {}),
    ...(v.stepGuards && Object.keys(v.stepGuards).length ? { step_guards: v.stepGuards } : {}),
    billing: o.billing ?? {},
    receipt_email: o.receiptEmail ?? null,
    idempotency_key: o.idempotencyKey ?? null,
    expires_at: o.expiresAt.toISOString(),
    created_at: o.createdAt.toISOString(),
    lines: v.lines.map((l, pos) => ({
      pos,
      kind: l.kind,
      ticket_type_id: l.ticketTypeId ?? null,
      session_id: l.sessionId ?? null,
      qty: l.qty,
      unit_cents: l.unitCents,
      ...(l.discountCents ? { discount_cents: l.discountCents } : {}),
      description: l.description ?? '',
      stock_days: l.stockDays ?? [],
      // only a line of a type in a capacity group carries its groups
      ...(l.stockGroups?.length ? { stock_groups: l.stockGroups } : {}),
    })),
    audit_data: v.auditData,
    counters: claims,
    clear_cart_id: v.clearCartId,
    rate_per_minute: v.ratePerMinute ?? null,
  };
}

/** The error a lone statement would have thrown (read by stockShortageKind, isUniqueViolation, isDeadlock). */
class OrderWriteError extends Error {
  constructor(
    readonly code: string,
    readonly constraint: string | undefined,
  ) {
    super(`pending order not written (SQLSTATE ${code}${constraint ? `, ${constraint}` : ''})`);
  }
}

/** The customer created as many orders in the last minute as they may (nothing written). */
export const isOrderRateLimited = (err: unknown): boolean =>
  err instanceof OrderWriteError && err.code === 'BH429';

/** A price step that ends after a number of tickets ran out while the order was written. */
export const isPriceStepOver = (err: unknown): boolean =>
  err instanceof OrderWriteError && err.code === 'BH409';

/** The customer already used the promo code as many times as it allows. */
export const isPromoCustomerLimit = (err: unknown): boolean =>
  err instanceof OrderWriteError && err.code === 'BH410';

/** A code's uses ran out while the order was written (its CHECK refused one more). */
export const isCodeUsedUp = (err: unknown): boolean =>
  err instanceof OrderWriteError &&
  err.code === '23514' &&
  (err.constraint === 'promo_codes_uses_check' || err.constraint === 'access_codes_uses_check');

/**
 * Another order of the same customer for the same event became their pending one while
 * this one was written (orders_one_pending_idx): writing again replaces it.
 */
export const isPendingOrderRace = (err: unknown): boolean =>
  err instanceof OrderWriteError && err.code === '23505' && err.constraint === 'orders_one_pending_idx';

type BatchOutcome = PendingOrderWritten | OrderWriteError;

interface OrderBatchRow {
  order_id: number | null;
  line_ids: number[] | null;
  error_code: string | null;
  error_constraint: string | null;
  customer_id: number | null;
}

/** The rank of a counter in the global lock order of `counters`: types, sessions, days, groups. */
const COUNTER_RANK = { type: 0, session: 1, day: 2, group: 3 } as const;
const counterRank = (c: CounterClaim | undefined): [number, number | string] => {
  if (!c) return [4, 0];
  return c.kind === 'day' ? [COUNTER_RANK.day, c.day] : [COUNTER_RANK[c.kind], c.id];
};

function byFirstCounter(a: CounterClaim[], b: CounterClaim[]): number {
  const [ra, ka] = counterRank(a[0]);
  const [rb, kb] = counterRank(b[0]);
  return ra - rb || ascending(ka, kb);
}

/**
 * Writes a batch of orders in one call of insert_pending_orders (db/functions), sorted by
 * the first counter each claims (inLockOrder) so concurrent batches lock hot rows in the same
 * order; each order answers its ids or the error that kept it from being written.
 */
function runOrderBatch(db: DbOrTx, items: PendingOrderInput[]): Promise<BatchOutcome[]> {
  const claimed = items.map((v) => ({ v, claims: counterClaims(v.order.eventId, v.claims) }));
  return inLockOrder(
    claimed,
    (a, b) => byFirstCounter(a.claims, b.claims),
    async (sorted) => {
      const payload = JSON.stringify(sorted.map(({ v, claims }) => orderJson(v, claims)));
      const rows = await preparedQueryRows<OrderBatchRow>(
        db,
        sql`SELECT * FROM insert_pending_orders(${payload}::jsonb)`,
      );
      return rows.map((row) =>
        row.order_id === null || row.customer_id === null
          ? new OrderWriteError(row.error_code ?? 'XX000', row.error_constraint ?? undefined)
          : { orderId: row.order_id, lineIds: row.line_ids ?? [], customerId: row.customer_id },
      );
    },
  );
}

/**
 * The rows an order's statement locks: its stock counters, its Idempotency-Key, its cart,
 * and the buyer's pending order for the event (which it replaces).
 */
function orderLockKeys(v: PendingOrderInput): string[] {
  const c = counters(v.order.eventId, v.claims);
  const buyer = v.buyer.customerId;
  return [
    `pending:${buyer}:${v.order.eventId}`,
    ...c.types.map(([id]) => `type:${id}`),
    ...c.sessions.map(([id]) => `session:${id}`),
    ...c.days.map(([day]) => `day:${v.order.eventId}:${day}`),
    ...c.groups.map(([id]) => `group:${id}`),
    ...(v.order.idempotencyKey ? [`idem:${buyer}:${v.order.idempotencyKey}`] : []),
    ...(v.clearCartId ? [`cart:${v.clearCartId}`] : []),
  ];
}

/**
 * Orders sharing one database call (lib/batcher.ts). At most 32 per call: each is a
 * sub-transaction, and PostgreSQL keeps snapshots cheap up to 64 of them per transaction.
 * Two calls in flight, never on the same row: orders for a hot type wait in Node and go
 * together, orders spread over many types keep both calls busy.
 */
const orderBatcher = batcherPerDatabase<Db, PendingOrderInput, BatchOutcome>((db) => ({
  maxBatch: 32,
  maxInFlight: 2,
  run: (items) => runOrderBatch(db, items),
  lockKeys: orderLockKeys,
}));

/**
 * Creates a pending order AND holds its stock in one autocommit call: the order row, its
 * lines and its audit row are inserted first, then every counter the order claims (ticket
 * types, sessions, days, capacity groups, in the global order of `counters`) is incremented, then the cart's
 * lines are cleared. A hot ticket type's row is therefore locked only inside the database
 * call, never across a round trip to Node; and orders that arrive while others are in
 * flight share the next call (insert_pending_orders, db/functions/insert_pending_orders.sql), one commit for all.
 *
 * All or nothing per order: when a counter would pass its stock, the CHECK constraint of
 * its table fails that order and nothing of it is written; this throws the constraint's
 * error (stockShortageKind tells which kind). The UPDATEs are unconditional on purpose: the
 * CHECK is the rule, and a day without an `event_day_stock` row simply matches no row (not
 * limited). A repeated Idempotency-Key throws a unique violation the same way, a deadlock
 * its 40P01. The buyer is authenticated before (the auth plugin): the statement knows no
 * sessions.
 *
 * Answers the new order's id, its line ids in the order of `lines` and its customer.
 */
export async function insertPendingOrder(db: DbOrTx, input: PendingOrderInput): Promise<PendingOrderWritten> {
  // inside a caller's transaction (the seed) it must run on that transaction, alone
  const outcome = isTransaction(db) ? (await runOrderBatch(db, [input]))[0]! : await orderBatcher(db, input);
  if (outcome instanceof OrderWriteError) throw outcome;
  return outcome;
}

/** The text of the promo codes the orders used, by code id (no read when none used one). */
export async function findPromoCodeTexts(
  db: DbOrTx,
  rows: Pick<OrderRow, 'promoCodeId'>[],
): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.promoCodeId === null ? [] : [r.promoCodeId])))];
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: promoCodes.id, code: promoCodes.code })
    .from(promoCodes)
    .where(inArray(promoCodes.id, ids));
  return new Map(found.map((r) => [r.id, r.code]));
}

/** Does the customer hold a pending order for the event (the one a new order replaces)? */
export async function hasPendingOrder(db: DbOrTx, customerId: number, eventId: number): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.eventId, eventId), eq(orders.status, 'pending')))
    .limit(1);
  return rows.length > 0;
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
 * Orders with a payment still awaiting the customer (MB WAY, 3-D Secure) wait for it, but
 * never once they were created `capMs` ago (the longest an unpaid order may hold tickets).
 */
export async function claimExpiredOrders(
  db: DbOrTx,
  now: Date,
  batch: number,
  capMs: number,
): Promise<OrderRow[]> {
  const ids = await queryRows<{ id: number }>(
    db,
    sql`
    WITH due AS (
      SELECT o.id FROM orders o
      WHERE o.status = 'pending' AND o.expires_at <= ${now.toISOString()}
        AND (o.created_at <= ${new Date(now.getTime() - capMs).toISOString()} OR NOT EXISTS (
          SELECT 1 FROM payments p WHERE p.order_id = o.id
            AND p.status IN (${sql.join(
              OPEN_PAYMENT_STATUSES.map((st) => sql`${st}`),
              sql`, `,
            )})
            AND p.expires_at > ${now.toISOString()}))
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
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])));
}
