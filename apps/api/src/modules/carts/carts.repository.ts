import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { cartItems, carts, eventDayStock, eventSessions, events, ticketTypes } from '../../db/schema/index';

export type CartRow = typeof carts.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type SessionRow = typeof eventSessions.$inferSelect;
export type DayStockRow = typeof eventDayStock.$inferSelect;

/** Who a cart belongs to: a signed-in customer, else the browser's Visitor-Id. */
export type CartOwner = { customerId: number } | { visitorId: string };

const ownerWhere = (owner: CartOwner) =>
  'customerId' in owner
    ? eq(carts.customerId, owner.customerId)
    : and(eq(carts.visitorId, owner.visitorId), isNull(carts.customerId));

export async function findEvent(db: DbOrTx, id: number): Promise<EventRow | undefined> {
  const rows = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return rows[0];
}

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

export async function findDayStock(db: DbOrTx, eventId: number, days: string[]): Promise<DayStockRow[]> {
  if (!days.length) return [];
  return db
    .select()
    .from(eventDayStock)
    .where(and(eq(eventDayStock.eventId, eventId), inArray(eventDayStock.day, days)));
}

export async function findCart(db: DbOrTx, owner: CartOwner, eventId?: number): Promise<CartRow | undefined> {
  const where = eventId ? and(ownerWhere(owner), eq(carts.eventId, eventId)) : ownerWhere(owner);
  const rows = await db
    .select()
    .from(carts)
    .where(where)
    .orderBy(sql`${carts.updatedAt} desc`)
    .limit(1);
  return rows[0];
}

/** The owner's cart for the event, created if missing (race-safe through the unique index). */
export async function ensureCart(db: DbOrTx, owner: CartOwner, eventId: number): Promise<CartRow> {
  const values =
    'customerId' in owner
      ? { customerId: owner.customerId, eventId }
      : { visitorId: owner.visitorId, eventId };
  await db.insert(carts).values(values).onConflictDoNothing();
  const found = await findCart(db, owner, eventId);
  if (!found) throw new Error('cart vanished after insert');
  return found;
}

export async function touchCart(db: DbOrTx, cartId: number): Promise<void> {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** Sets a line's quantity (same ticket and same session = one line), inserting if new. */
export async function upsertItem(
  db: DbOrTx,
  line: { cartId: number; ticketTypeId: number; sessionId: number | null; qty: number },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO cart_items (cart_id, ticket_type_id, session_id, qty)
    VALUES (${line.cartId}, ${line.ticketTypeId}, ${line.sessionId}, ${line.qty})
    ON CONFLICT (cart_id, ticket_type_id, coalesce(session_id, 0)) DO UPDATE SET qty = EXCLUDED.qty`);
}

export async function deleteItemByLine(
  db: DbOrTx,
  line: { cartId: number; ticketTypeId: number; sessionId: number | null },
): Promise<void> {
  await db
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.cartId, line.cartId),
        eq(cartItems.ticketTypeId, line.ticketTypeId),
        line.sessionId === null ? isNull(cartItems.sessionId) : eq(cartItems.sessionId, line.sessionId),
      ),
    );
}

export async function findItems(db: DbOrTx, cartId: number) {
  return db
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
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

export async function clearCart(db: DbOrTx, cartId: number): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

/**
 * Moves a visitor's carts to the customer who just identified themselves: lines of the
 * visitor's cart win over the customer's older lines for the same ticket and session.
 */
export async function mergeVisitorCarts(db: DbOrTx, visitorId: string, customerId: number): Promise<number> {
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
        .set({ customerId, updatedAt: new Date() })
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
    await touchCart(db, existing.id);
  }
  return visitorCarts.length;
}
