import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accessCodes, events, promoCodes, ticketPriceSteps, ticketTypes } from '../../db/schema/index';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type AccessCodeRow = typeof accessCodes.$inferSelect;
export type PriceStepRow = typeof ticketPriceSteps.$inferSelect;
export type NewPromoCode = typeof promoCodes.$inferInsert;
export type NewAccessCode = typeof accessCodes.$inferInsert;

/** The event, only if it belongs to the organiser (another organiser's event: undefined). */
export async function findOrganizerEvent(db: DbOrTx, organizerId: number, eventId: number) {
  const rows = await db
    .select({ id: events.id, organizerId: events.organizerId })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organizerId, organizerId)))
    .limit(1);
  return rows[0];
}

/** The ids of the event's ticket types among `ids`. */
export async function findEventTypeIds(db: DbOrTx, eventId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), inArray(ticketTypes.id, ids)));
  return rows.map((r) => r.id);
}

// ---- promo codes ----------------------------------------------------------------------------

export async function listPromoCodes(db: DbOrTx, eventId: number): Promise<PromoCodeRow[]> {
  return db.select().from(promoCodes).where(eq(promoCodes.eventId, eventId)).orderBy(asc(promoCodes.id));
}

export async function findPromoCode(db: DbOrTx, eventId: number, id: number) {
  const rows = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.id, id), eq(promoCodes.eventId, eventId)))
    .limit(1);
  return rows[0];
}

export async function insertPromoCode(db: DbOrTx, values: NewPromoCode): Promise<PromoCodeRow> {
  const [row] = await db.insert(promoCodes).values(values).returning();
  return row!;
}

export async function updatePromoCode(db: DbOrTx, id: number, values: Partial<NewPromoCode>) {
  // an edit that names no field changes nothing (an UPDATE without a SET would throw)
  const [row] = Object.values(values).some((v) => v !== undefined)
    ? await db.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning()
    : await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row;
}

/** Deletes a code no order ever used (a used one stays: orders name it). */
export async function deleteUnusedPromoCode(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(promoCodes)
    .where(
      and(
        eq(promoCodes.id, id),
        sql`NOT EXISTS (SELECT 1 FROM orders o WHERE o.promo_code_id = ${promoCodes.id})`,
      ),
    )
    .returning({ id: promoCodes.id });
  return rows.length === 1;
}

/**
 * A promo code a buyer typed for an event: the organiser's code for that event or for all
 * its events, with how many orders (not cancelled) the customer placed with it.
 */
export async function findPromoForCheckout(
  db: DbOrTx,
  q: { organizerId: number; eventId: number; code: string; customerId: number },
): Promise<(PromoCodeRow & { customerUses: number }) | undefined> {
  const rows = await db
    .select({
      code: promoCodes,
      customerUses: sql<number>`(SELECT count(*)::int FROM orders o
        WHERE o.promo_code_id = ${promoCodes.id} AND o.customer_id = ${q.customerId}
          AND o.status <> 'cancelled')`,
    })
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.organizerId, q.organizerId),
        eq(promoCodes.code, q.code),
        or(eq(promoCodes.eventId, q.eventId), isNull(promoCodes.eventId)),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { ...row.code, customerUses: Number(row.customerUses) } : undefined;
}

// ---- access codes ---------------------------------------------------------------------------

export async function listAccessCodes(db: DbOrTx, eventId: number): Promise<AccessCodeRow[]> {
  return db.select().from(accessCodes).where(eq(accessCodes.eventId, eventId)).orderBy(asc(accessCodes.id));
}

export async function findAccessCode(db: DbOrTx, eventId: number, id: number) {
  const rows = await db
    .select()
    .from(accessCodes)
    .where(and(eq(accessCodes.id, id), eq(accessCodes.eventId, eventId)))
    .limit(1);
  return rows[0];
}

export async function findAccessCodeByText(db: DbOrTx, eventId: number, code: string) {
  const rows = await db
    .select()
    .from(accessCodes)
    .where(and(eq(accessCodes.eventId, eventId), eq(accessCodes.code, code)))
    .limit(1);
  return rows[0];
}

export async function insertAccessCode(db: DbOrTx, values: NewAccessCode): Promise<AccessCodeRow> {
  const [row] = await db.insert(accessCodes).values(values).returning();
  return row!;
}

export async function updateAccessCode(db: DbOrTx, id: number, values: Partial<NewAccessCode>) {
  // an edit that names no field changes nothing (an UPDATE without a SET would throw)
  const [row] = Object.values(values).some((v) => v !== undefined)
    ? await db.update(accessCodes).set(values).where(eq(accessCodes.id, id)).returning()
    : await db.select().from(accessCodes).where(eq(accessCodes.id, id));
  return row;
}

export async function deleteUnusedAccessCode(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(accessCodes)
    .where(
      and(
        eq(accessCodes.id, id),
        sql`NOT EXISTS (SELECT 1 FROM orders o WHERE o.access_code_id = ${accessCodes.id})`,
      ),
    )
    .returning({ id: accessCodes.id });
  return rows.length === 1;
}

// ---- price steps ----------------------------------------------------------------------------

export async function findPriceSteps(db: DbOrTx, ticketTypeIds: number[]): Promise<PriceStepRow[]> {
  if (!ticketTypeIds.length) return [];
  return db
    .select()
    .from(ticketPriceSteps)
    .where(inArray(ticketPriceSteps.ticketTypeId, ticketTypeIds))
    .orderBy(asc(ticketPriceSteps.ticketTypeId), asc(ticketPriceSteps.sortOrder), asc(ticketPriceSteps.id));
}

/** Replaces a type's steps (in a transaction: readers see the old list or the new one). */
export async function replacePriceSteps(
  db: DbOrTx,
  ticketTypeId: number,
  steps: { label: string; priceCents: number; endsAt: Date | null; endsAfterSold: number | null }[],
): Promise<PriceStepRow[]> {
  await db.delete(ticketPriceSteps).where(eq(ticketPriceSteps.ticketTypeId, ticketTypeId));
  if (!steps.length) return [];
  return db
    .insert(ticketPriceSteps)
    .values(steps.map((s, i) => ({ ...s, ticketTypeId, sortOrder: i })))
    .returning();
}
