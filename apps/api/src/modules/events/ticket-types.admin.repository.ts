/**
 * Queries of an event's ticket types, sessions and day capacities in the back office. The
 * caller has already found the event as the organiser's; every statement here names the event
 * as well as the row's id.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import {
  capacityGroupMembers,
  cartItems,
  customerTickets,
  eventDayStock,
  eventSessions,
  orderLines,
  ticketPriceSteps,
  ticketTypes,
} from '../../db/schema/index';

export type AdminTicketTypeRow = typeof ticketTypes.$inferSelect;
export type NewTicketTypeRow = typeof ticketTypes.$inferInsert;
export type AdminSessionRow = typeof eventSessions.$inferSelect;

export async function insertTicketType(db: DbOrTx, values: NewTicketTypeRow): Promise<AdminTicketTypeRow> {
  const [row] = await db.insert(ticketTypes).values(values).returning();
  return row!;
}

/** The event's ticket type, locked for the rest of the transaction (sales wait for it). */
export async function lockTicketType(tx: Tx, eventId: number, typeId: number) {
  const rows = await tx
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.id, typeId), eq(ticketTypes.eventId, eventId)))
    .for('update');
  return rows[0];
}

export async function updateTicketTypeRow(
  tx: Tx,
  typeId: number,
  values: Partial<NewTicketTypeRow>,
): Promise<AdminTicketTypeRow> {
  // an edit that names no field changes nothing (an UPDATE without a SET would throw)
  const [row] = Object.values(values).some((v) => v !== undefined)
    ? await tx.update(ticketTypes).set(values).where(eq(ticketTypes.id, typeId)).returning()
    : await tx.select().from(ticketTypes).where(eq(ticketTypes.id, typeId));
  return row!;
}

/** Whether any order line or ticket names the type (paid, pending or long cancelled). */
export async function ticketTypeHasOrders(tx: Tx, typeId: number): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM ${orderLines} WHERE ${orderLines.ticketTypeId} = ${typeId})
        OR EXISTS (SELECT 1 FROM ${customerTickets} WHERE ${customerTickets.ticketTypeId} = ${typeId}) AS used`,
  );
  return !!row?.used;
}

/** Deletes a type nobody ordered, and the cart lines that held it (carts are not orders). */
export async function deleteTicketTypeRow(tx: Tx, typeId: number): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.ticketTypeId, typeId));
  await tx.delete(ticketPriceSteps).where(eq(ticketPriceSteps.ticketTypeId, typeId));
  await tx.delete(capacityGroupMembers).where(eq(capacityGroupMembers.ticketTypeId, typeId));
  await tx.delete(ticketTypes).where(eq(ticketTypes.id, typeId));
}

export async function insertSession(db: DbOrTx, values: typeof eventSessions.$inferInsert) {
  const [row] = await db.insert(eventSessions).values(values).returning();
  return row!;
}

export async function lockSession(tx: Tx, eventId: number, sessionId: number) {
  const rows = await tx
    .select()
    .from(eventSessions)
    .where(and(eq(eventSessions.id, sessionId), eq(eventSessions.eventId, eventId)))
    .for('update');
  return rows[0];
}

export async function updateSessionRow(
  tx: Tx,
  sessionId: number,
  values: Partial<typeof eventSessions.$inferInsert>,
) {
  const [row] = await tx.update(eventSessions).set(values).where(eq(eventSessions.id, sessionId)).returning();
  return row!;
}

export async function sessionHasOrders(tx: Tx, sessionId: number): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM ${orderLines} WHERE ${orderLines.sessionId} = ${sessionId})
        OR EXISTS (SELECT 1 FROM ${customerTickets} WHERE ${customerTickets.sessionId} = ${sessionId}) AS used`,
  );
  return !!row?.used;
}

/** Was the session cancelled (event-lifecycle's event_changes)? Its sale stays closed. */
export async function sessionWasCancelled(tx: Tx, sessionId: number): Promise<boolean> {
  const [row] = await queryRows<{ cancelled: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM event_changes WHERE session_id = ${sessionId} AND kind = 'cancel') AS cancelled`,
  );
  return !!row?.cancelled;
}

export async function deleteSessionRow(tx: Tx, sessionId: number): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.sessionId, sessionId));
  await tx.delete(eventSessions).where(eq(eventSessions.id, sessionId));
}

/** The event's day capacities, locked. */
export async function lockEventDays(tx: Tx, eventId: number) {
  return tx.select().from(eventDayStock).where(eq(eventDayStock.eventId, eventId)).for('update');
}

export async function upsertEventDay(tx: Tx, eventId: number, day: string, capacity: number) {
  await tx
    .insert(eventDayStock)
    .values({ eventId, day, capacity })
    .onConflictDoUpdate({ target: [eventDayStock.eventId, eventDayStock.day], set: { capacity } });
}

export async function deleteEventDays(tx: Tx, eventId: number, days: string[]) {
  if (!days.length) return;
  await tx
    .delete(eventDayStock)
    .where(and(eq(eventDayStock.eventId, eventId), inArray(eventDayStock.day, days)));
}
