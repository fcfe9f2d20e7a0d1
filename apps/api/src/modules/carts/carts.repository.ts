import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { isTransaction, preparedQueryRows, queryRows, type Db, type DbOrTx } from '../../db/client';
import { batcherPerDatabase } from '../../lib/batcher';
import { rowFromJson } from '../../db/json-rows';
import {
  capacityGroups,
  cartItems,
  carts,
  eventDayStock,
  eventSessions,
  events,
  ticketPriceSteps,
  ticketTypes,
} from '../../db/schema/index';

export type CartRow = typeof carts.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type SessionRow = typeof eventSessions.$inferSelect;
export type DayStockRow = typeof eventDayStock.$inferSelect;
export type PriceStepRow = typeof ticketPriceSteps.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
/** A capacity group (pretix quota) of an event with the ticket types that share it. */
export type CapacityGroupFacts = typeof capacityGroups.$inferSelect & { ticketTypeIds: number[] };

/** Who a cart belongs to: a signed-in customer, else the browser's Visitor-Id. */
export type CartOwner = { customerId: number } | { visitorId: string };

const ownerWhere = (owner: CartOwner) =>
  'customerId' in owner
    ? eq(carts.customerId, owner.customerId)
    : and(eq(carts.visitorId, owner.visitorId), isNull(carts.customerId));

export async function findTicketTypesByIds(db: DbOrTx, ids: number[]): Promise<TicketTypeRow[]> {
  if (!ids.length) return [];
  return db.select().from(ticketTypes).where(inArray(ticketTypes.id, ids));
}

export async function findSessionsByIds(db: DbOrTx, ids: number[]): Promise<SessionRow[]> {
  if (!ids.length) return [];
  return db.select().from(eventSessions).where(inArray(eventSessions.id, ids));
}

export async function findSessionByDateHour(db: DbOrTx, eventId: number, date: string, hour: string) {
  const rows = await db
    .select()
    .from(eventSessions)
    .where(and(eq(eventSessions.eventId, eventId), eq(eventSessions.date, date)));
  const norm = (h: string) => h.padStart(5, '0');
  return rows.find((s) => norm(s.hour) === norm(hour));
}

/** What a sale is checked against: the event, some of its ticket types and sessions, its day stock. */
export interface SaleFacts {
  event: EventRow | undefined;
  types: TicketTypeRow[];
  sessions: SessionRow[];
  /** every day of the event with a capacity of its own (few rows) */
  days: DayStockRow[];
  /** every capacity group of the event, with its members (few rows, none for most events) */
  groups: CapacityGroupFacts[];
  /** the price steps of the types, in the order they apply (none for most types) */
  steps: PriceStepRow[];
}

const STEPS_ORDER = sql.raw('p.ticket_type_id, p.sort_order, p.id');

/** The capacity groups of the events `eventIds` selects, each with its member type ids, as JSON. */
const groupsJson = (eventIds: SQL) => sql`(SELECT coalesce(json_agg(g), '[]') FROM (
    SELECT g.*, (SELECT coalesce(json_agg(m.ticket_type_id ORDER BY m.ticket_type_id), '[]')
      FROM capacity_group_members m WHERE m.group_id = g.id) AS ticket_type_ids
    FROM capacity_groups g WHERE g.event_id IN (${eventIds})) g)`;

const groupFromJson = (g: Record<string, unknown>): CapacityGroupFacts => ({
  ...rowFromJson(capacityGroups, g),
  ticketTypeIds: (g.ticket_type_ids as number[] | null) ?? [],
});

type SaleFactsQuery = { eventId: number; typeIds: number[]; sessionIds: number[] };

/**
 * The sale facts of several queries in ONE statement: every event, type, session and day
 * row any of them needs is read and mapped once (a hot event is in every query), then each
 * query takes its own.
 */
async function readSaleFacts(db: DbOrTx, queries: SaleFactsQuery[]): Promise<SaleFacts[]> {
  // as an array literal ('{1,2}'): the sql template would spread a JS array into a list
  const ids = (f: (q: SaleFactsQuery) => number[]) => `{${[...new Set(queries.flatMap(f))].join(',')}}`;
  const [row] = await preparedQueryRows<Omit<SaleFactsJson, 'event'> & { events: Record<string, unknown>[] }>(
    db,
    sql`SELECT
      (SELECT coalesce(json_agg(e), '[]') FROM events e WHERE e.id = ANY(${ids((q) => [q.eventId])}::int[])) AS events,
      (SELECT coalesce(json_agg(t), '[]') FROM ticket_types t WHERE t.id = ANY(${ids((q) => q.typeIds)}::int[])) AS types,
      (SELECT coalesce(json_agg(s), '[]') FROM event_sessions s WHERE s.id = ANY(${ids((q) => q.sessionIds)}::int[])) AS sessions,
      (SELECT coalesce(json_agg(d), '[]') FROM event_day_stock d
        WHERE d.event_id = ANY(${ids((q) => [q.eventId])}::int[])) AS days,
      ${groupsJson(sql`SELECT unnest(${ids((q) => [q.eventId])}::int[])`)} AS groups,
      (SELECT coalesce(json_agg(p ORDER BY ${STEPS_ORDER}), '[]') FROM ticket_price_steps p
        WHERE p.ticket_type_id = ANY(${ids((q) => q.typeIds)}::int[])) AS steps`,
  );
  const eventsById = new Map((row?.events ?? []).map((e) => [Number(e.id), rowFromJson(events, e)]));
  const typesById = new Map((row?.types ?? []).map((t) => [Number(t.id), rowFromJson(ticketTypes, t)]));
  const sessionsById = new Map(
    (row?.sessions ?? []).map((s) => [Number(s.id), rowFromJson(eventSessions, s)]),
  );
  const days = (row?.days ?? []).map((d) => rowFromJson(eventDayStock, d));
  const groups = (row?.groups ?? []).map(groupFromJson);
  const steps = (row?.steps ?? []).map((p) => rowFromJson(ticketPriceSteps, p));
  return queries.map((q) => ({
    event: eventsById.get(q.eventId),
    types: pickByIds(typesById, q.typeIds),
    sessions: pickByIds(sessionsById, q.sessionIds),
    days: days.filter((d) => d.eventId === q.eventId),
    groups: groups.filter((g) => g.eventId === q.eventId),
    steps: steps.filter((p) => q.typeIds.includes(p.ticketTypeId)),
  }));
}

/** The rows of `ids` that `byId` holds, in the order of `ids`. */
export const pickByIds = <T>(byId: Map<number, T>, ids: number[]): T[] =>
  ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));

/** Reads that arrive while others are in flight share one statement (lib/batcher.ts). */
const saleFactsBatcher = batcherPerDatabase<Db, SaleFactsQuery, SaleFacts>((db) => ({
  maxBatch: 64,
  maxInFlight: 1,
  run: (queries) => readSaleFacts(db, queries),
}));

/**
 * The event, the given ticket types and sessions (with their current stock) and the event's
 * day stock, read fresh in ONE round trip (carts and checkout check every request against
 * them; nothing is cached, so a change of price, window or status applies at once). The
 * rows are shared with the other reads of the same batch: read them, never change them.
 */
export async function findSaleFacts(
  db: DbOrTx,
  eventId: number,
  typeIds: number[],
  sessionIds: number[],
): Promise<SaleFacts> {
  const query = { eventId, typeIds, sessionIds };
  return isTransaction(db) ? (await readSaleFacts(db, [query]))[0]! : saleFactsBatcher(db, query);
}

/** Every sale fact of one event in ONE statement: the event, all its types and sessions, its days. */
export async function findEventSaleFacts(db: DbOrTx, eventId: number): Promise<SaleFacts> {
  const [row] = await preparedQueryRows<SaleFactsJson>(
    db,
    sql`SELECT
      (SELECT row_to_json(e) FROM events e WHERE e.id = ${eventId}) AS event,
      (SELECT coalesce(json_agg(t), '[]') FROM ticket_types t WHERE t.event_id = ${eventId}) AS types,
      (SELECT coalesce(json_agg(s), '[]') FROM event_sessions s WHERE s.event_id = ${eventId}) AS sessions,
      (SELECT coalesce(json_agg(d), '[]') FROM event_day_stock d WHERE d.event_id = ${eventId}) AS days,
      ${groupsJson(sql`${eventId}`)} AS groups,
      (SELECT coalesce(json_agg(p ORDER BY ${STEPS_ORDER}), '[]') FROM ticket_price_steps p
        WHERE p.ticket_type_id IN (SELECT id FROM ticket_types WHERE event_id = ${eventId})) AS steps`,
  );
  return saleFactsFromJson(row);
}

type SaleFactsJson = {
  event: Record<string, unknown> | null;
  types: Record<string, unknown>[];
  sessions: Record<string, unknown>[];
  days: Record<string, unknown>[];
  groups: Record<string, unknown>[];
  steps: Record<string, unknown>[];
};

/** The event, types, sessions and day stock a statement answered as JSON, as Drizzle rows. */
function saleFactsFromJson(row: SaleFactsJson | undefined): SaleFacts {
  return {
    event: row?.event ? rowFromJson(events, row.event) : undefined,
    types: (row?.types ?? []).map((t) => rowFromJson(ticketTypes, t)),
    sessions: (row?.sessions ?? []).map((s) => rowFromJson(eventSessions, s)),
    days: (row?.days ?? []).map((d) => rowFromJson(eventDayStock, d)),
    groups: (row?.groups ?? []).map(groupFromJson),
    steps: (row?.steps ?? []).map((p) => rowFromJson(ticketPriceSteps, p)),
  };
}

/** The owner's cart (for an event, else the latest) with its lines and everything to price and check them. */
export interface CartContents extends SaleFacts {
  cart: CartRow | undefined;
  /** oldest first */
  items: CartItemRow[];
}

const ownerSql = (owner: CartOwner) =>
  'customerId' in owner
    ? sql`customer_id = ${owner.customerId}`
    : sql`visitor_id = ${owner.visitorId} AND customer_id IS NULL`;

/**
 * The owner's cart for the event (or their most recently changed cart) with its lines, their
 * ticket types and sessions, the event and its day stock, in ONE round trip. Without a cart
 * the event (when given) is still answered.
 */
export async function findCartContents(
  db: DbOrTx,
  owner: CartOwner,
  eventId?: number,
): Promise<CartContents> {
  type Json = Record<string, unknown>;
  const [row] = await preparedQueryRows<{
    cart: Json | null;
    items: Json[];
    event: Json | null;
    types: Json[];
    sessions: Json[];
    days: Json[];
    groups: Json[];
    steps: Json[];
  }>(
    db,
    sql`WITH c AS (
        SELECT * FROM carts WHERE ${ownerSql(owner)} ${eventId ? sql`AND event_id = ${eventId}` : sql``}
        ORDER BY updated_at DESC LIMIT 1),
      i AS (SELECT cart_items.* FROM cart_items JOIN c ON cart_items.cart_id = c.id),
      ev AS (SELECT coalesce(${eventId ?? null}::int, (SELECT event_id FROM c)) AS id)
    SELECT
      (SELECT row_to_json(c) FROM c) AS cart,
      (SELECT coalesce(json_agg(i ORDER BY i.created_at, i.id), '[]') FROM i) AS items,
      (SELECT row_to_json(e) FROM events e WHERE e.id = (SELECT id FROM ev)) AS event,
      (SELECT coalesce(json_agg(t), '[]') FROM ticket_types t WHERE t.id IN (SELECT ticket_type_id FROM i)) AS types,
      (SELECT coalesce(json_agg(s), '[]') FROM event_sessions s WHERE s.id IN (SELECT session_id FROM i)) AS sessions,
      (SELECT coalesce(json_agg(d), '[]') FROM event_day_stock d WHERE d.event_id = (SELECT id FROM ev)) AS days,
      ${groupsJson(sql`SELECT id FROM ev`)} AS groups,
      (SELECT coalesce(json_agg(p ORDER BY ${STEPS_ORDER}), '[]') FROM ticket_price_steps p
        WHERE p.ticket_type_id IN (SELECT ticket_type_id FROM i)) AS steps`,
  );
  return {
    cart: row?.cart ? rowFromJson(carts, row.cart) : undefined,
    items: (row?.items ?? []).map((i) => rowFromJson(cartItems, i)),
    ...saleFactsFromJson(row),
  };
}

/**
 * Sets the quantity of one line of the owner's cart for the event (0 removes it), creating
 * the cart if needed and marking it changed, in ONE statement (race-safe through the unique
 * indexes: two tabs adding at once share one cart and one line).
 */
export async function saveCartLine(
  db: DbOrTx,
  owner: CartOwner,
  line: { eventId: number; ticketTypeId: number; sessionId: number | null; qty: number },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const cart =
    'customerId' in owner
      ? sql`INSERT INTO carts (customer_id, event_id) VALUES (${owner.customerId}, ${line.eventId})
          ON CONFLICT (customer_id, event_id) WHERE customer_id IS NOT NULL DO UPDATE SET updated_at = ${at}
          RETURNING id`
      : sql`INSERT INTO carts (visitor_id, event_id) VALUES (${owner.visitorId}, ${line.eventId})
          ON CONFLICT (visitor_id, event_id) WHERE customer_id IS NULL DO UPDATE SET updated_at = ${at}
          RETURNING id`;
  const change =
    line.qty > 0
      ? sql`INSERT INTO cart_items (cart_id, ticket_type_id, session_id, qty)
          SELECT c.id, ${line.ticketTypeId}, ${line.sessionId}::int, ${line.qty} FROM c
          ON CONFLICT (cart_id, ticket_type_id, coalesce(session_id, 0)) DO UPDATE SET qty = EXCLUDED.qty`
      : sql`DELETE FROM cart_items USING c WHERE cart_items.cart_id = c.id
          AND cart_items.ticket_type_id = ${line.ticketTypeId}
          AND coalesce(cart_items.session_id, 0) = ${line.sessionId ?? 0}`;
  await preparedQueryRows(db, sql`WITH c AS (${cart}) ${change}`);
}

/** Does the visitor still have carts of their own (to merge into a customer's)? */
export async function hasVisitorCarts(db: DbOrTx, visitorId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM carts WHERE visitor_id = ${visitorId} AND customer_id IS NULL LIMIT 1`,
  );
  return rows.length > 0;
}

export async function touchCart(db: DbOrTx, cartId: number, now: Date): Promise<void> {
  await db.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
}

/** A cart line by id, only within the owner's carts (another visitor's id answers nothing). */
export async function findOwnedItem(db: DbOrTx, owner: CartOwner, itemId: number) {
  const rows = await db
    .select({ item: cartItems, cart: carts })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(cartItems.id, itemId), ownerWhere(owner)))
    .limit(1);
  return rows[0];
}

export async function deleteItem(db: DbOrTx, itemId: number): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.id, itemId));
}

/**
 * Moves a visitor's carts to the customer who just identified themselves: lines of the
 * visitor's cart win over the customer's older lines for the same ticket and session.
 */
export async function mergeVisitorCarts(
  db: DbOrTx,
  visitorId: string,
  customerId: number,
  now: Date,
): Promise<number> {
  const visitorCarts = await db
    .select()
    .from(carts)
    .where(and(eq(carts.visitorId, visitorId), isNull(carts.customerId)));
  for (const vc of visitorCarts) {
    const [existing] = await db
      .select()
      .from(carts)
      .where(and(eq(carts.customerId, customerId), eq(carts.eventId, vc.eventId)))
      .limit(1);
    if (!existing) {
      await db
        .update(carts)
        .set({ customerId, updatedAt: now })
        .where(and(eq(carts.id, vc.id), isNull(carts.customerId)));
      continue;
    }
    await queryRows(
      db,
      sql`
      INSERT INTO cart_items (cart_id, ticket_type_id, session_id, qty)
      SELECT ${existing.id}, ticket_type_id, session_id, qty FROM cart_items WHERE cart_id = ${vc.id}
      ON CONFLICT (cart_id, ticket_type_id, coalesce(session_id, 0)) DO UPDATE SET qty = EXCLUDED.qty
      RETURNING id`,
    );
    await db.delete(carts).where(eq(carts.id, vc.id));
    await touchCart(db, existing.id, now);
  }
  return visitorCarts.length;
}
