import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  checkins,
  customerTickets,
  customers,
  eventSessions,
  events,
  organizers,
  revokedTokens,
  ticketTransfers,
  ticketTypes,
} from '../../db/schema/index';

/** A ticket with what its status and view need: event, type and session. */
const ticketWithContext = {
  id: customerTickets.id,
  token: customerTickets.token,
  customerId: customerTickets.customerId,
  /** the mobile a transfer waits for (customerId is null meanwhile) */
  pendingMobile: customerTickets.pendingMobile,
  state: customerTickets.state,
  orderId: customerTickets.orderId,
  createdAt: customerTickets.createdAt,
  eventId: events.id,
  eventSlug: events.slug,
  eventVisibility: events.visibility,
  eventLinkToken: events.linkToken,
  transferAllowed: events.transferAllowed,
  transferUntilHours: events.transferUntilHours,
  transferMaxCount: events.transferMaxCount,
  eventName: events.name,
  eventAddress: events.address,
  eventStatus: events.status,
  eventStartsAt: events.startsAt,
  eventEndsAt: events.endsAt,
  timezone: events.timezone,
  isSession: events.isSession,
  ticketTypeId: ticketTypes.id,
  ticketName: ticketTypes.name,
  ticketDescription: ticketTypes.description,
  periodDays: ticketTypes.periodDays,
  sessionId: eventSessions.id,
  sessionDate: eventSessions.date,
  sessionHour: eventSessions.hour,
  sessionStartsAt: eventSessions.startsAt,
};

function selectTickets(db: DbOrTx) {
  return db
    .select(ticketWithContext)
    .from(customerTickets)
    .innerJoin(events, eq(events.id, customerTickets.eventId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, customerTickets.ticketTypeId))
    .leftJoin(eventSessions, eq(eventSessions.id, customerTickets.sessionId));
}
export type TicketWithContext = Awaited<ReturnType<typeof selectTickets>>[number];

/** The customer's tickets (optionally of one event), oldest first. */
export async function listTicketsOfCustomer(
  db: DbOrTx,
  customerId: number,
  eventId?: number,
): Promise<TicketWithContext[]> {
  const where = eventId
    ? and(eq(customerTickets.customerId, customerId), eq(customerTickets.eventId, eventId))
    : eq(customerTickets.customerId, customerId);
  return selectTickets(db)
    .where(where)
    .orderBy(asc(events.startsAt), asc(ticketTypes.sortOrder), asc(customerTickets.id));
}

/** The tickets an order issued, whoever holds them now (the back office's order story). */
export async function listTicketsOfOrder(db: DbOrTx, orderId: number): Promise<TicketWithContext[]> {
  return selectTickets(db).where(eq(customerTickets.orderId, orderId)).orderBy(asc(customerTickets.id));
}

/** One ticket by its current token, only if the customer owns it. */
export async function findOwnedTicketByToken(
  db: DbOrTx,
  token: string,
  customerId: number,
): Promise<TicketWithContext | undefined> {
  const rows = await selectTickets(db)
    .where(and(eq(customerTickets.token, token), eq(customerTickets.customerId, customerId)))
    .limit(1);
  return rows[0];
}

/** A ticket by its current token, whoever owns it (door and public check). */
export async function findTicketByToken(db: DbOrTx, token: string): Promise<TicketWithContext | undefined> {
  const rows = await selectTickets(db).where(eq(customerTickets.token, token)).limit(1);
  return rows[0];
}

/**
 * Locks a ticket of an order of the organiser's event for a change by its team (reassign), with
 * its holder's mobile and the organiser's name; undefined when it is not theirs.
 */
export async function lockOrganizerTicket(
  db: DbOrTx,
  o: { organizerId: number; orderId: number; ticketId: number },
) {
  const locked = await db
    .select({ id: customerTickets.id })
    .from(customerTickets)
    .innerJoin(events, eq(events.id, customerTickets.eventId))
    .where(
      and(
        eq(customerTickets.id, o.ticketId),
        eq(customerTickets.orderId, o.orderId),
        eq(events.organizerId, o.organizerId),
      ),
    )
    .for('update', { of: customerTickets });
  if (!locked.length) return undefined;
  const [ticket] = await selectTickets(db).where(eq(customerTickets.id, o.ticketId)).limit(1);
  const [more] = await db
    .select({
      holderMobile: customers.mobile,
      holderLocale: customers.locale,
      organizerName: organizers.name,
    })
    .from(customerTickets)
    .innerJoin(events, eq(events.id, customerTickets.eventId))
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .leftJoin(customers, eq(customers.id, customerTickets.customerId))
    .where(eq(customerTickets.id, o.ticketId))
    .limit(1);
  return ticket && more ? { ...ticket, ...more } : undefined;
}

/** Locks the customer's ticket row for a change (transfer); undefined if not theirs. */
export async function lockOwnedTicket(
  db: DbOrTx,
  ticketId: number,
  customerId: number,
): Promise<TicketWithContext | undefined> {
  const locked = await db
    .select({ id: customerTickets.id })
    .from(customerTickets)
    .where(and(eq(customerTickets.id, ticketId), eq(customerTickets.customerId, customerId)))
    .for('update');
  if (!locked.length) return undefined;
  const rows = await selectTickets(db).where(eq(customerTickets.id, ticketId)).limit(1);
  return rows[0];
}

export interface CheckinRow {
  id: number;
  ticketId: number;
  day: string;
  scannedAt: Date;
}

export async function checkinsOfTickets(db: DbOrTx, ticketIds: number[]): Promise<CheckinRow[]> {
  if (!ticketIds.length) return [];
  return db
    .select({
      id: checkins.id,
      ticketId: checkins.ticketId,
      day: checkins.day,
      scannedAt: checkins.scannedAt,
    })
    .from(checkins)
    .where(inArray(checkins.ticketId, ticketIds))
    .orderBy(asc(checkins.scannedAt), asc(checkins.id));
}

export async function transfersOfTicket(db: DbOrTx, ticketId: number) {
  return db
    .select({
      id: ticketTransfers.id,
      fromCustomerId: ticketTransfers.fromCustomerId,
      createdAt: ticketTransfers.createdAt,
    })
    .from(ticketTransfers)
    .where(eq(ticketTransfers.ticketId, ticketId))
    .orderBy(asc(ticketTransfers.createdAt), asc(ticketTransfers.id));
}

/** An account that can receive a ticket now: active, with this E.164 mobile. */
export async function findActiveCustomerByMobile(db: DbOrTx, e164: string) {
  const rows = await db
    .select({ id: customers.id, locale: customers.locale, status: customers.status })
    .from(customers)
    .where(and(eq(customers.mobile, e164), eq(customers.status, 'active')))
    .limit(1);
  return rows[0];
}

/** Moves the ticket to its new holder (or to a pending mobile) with a new token. */
export async function reassignTicket(
  db: DbOrTx,
  ticketId: number,
  values: { token: string; customerId: number | null; pendingMobile: string | null },
): Promise<void> {
  await db
    .update(customerTickets)
    .set({ token: values.token, customerId: values.customerId, pendingMobile: values.pendingMobile })
    .where(eq(customerTickets.id, ticketId));
}

export async function revokeToken(
  db: DbOrTx,
  token: string,
  ticketId: number,
  reason: string,
): Promise<void> {
  await db.insert(revokedTokens).values({ token, ticketId, reason }).onConflictDoNothing();
}

export async function recordTransfer(
  db: DbOrTx,
  values: { ticketId: number; fromCustomerId: number | null; toMobile: string; oldToken: string; at: Date },
): Promise<void> {
  await db.insert(ticketTransfers).values({
    ticketId: values.ticketId,
    fromCustomerId: values.fromCustomerId,
    toMobile: values.toMobile,
    oldToken: values.oldToken,
    createdAt: values.at,
  });
}

/** Is this text a token that was replaced or canceled (and of which ticket)? */
export async function findRevokedToken(db: DbOrTx, token: string) {
  const rows = await db
    .select({ ticketId: revokedTokens.ticketId, reason: revokedTokens.reason })
    .from(revokedTokens)
    .where(eq(revokedTokens.token, token))
    .limit(1);
  return rows[0];
}

/** The event's revocation list: replaced or canceled tokens, and tokens of canceled tickets. */
export async function revocationListOfEvent(db: DbOrTx, eventId: number) {
  const revoked = await db
    .select({ token: revokedTokens.token, reason: revokedTokens.reason })
    .from(revokedTokens)
    .innerJoin(customerTickets, eq(customerTickets.id, revokedTokens.ticketId))
    .where(eq(customerTickets.eventId, eventId))
    .orderBy(asc(revokedTokens.createdAt));
  const canceled = await db
    .select({ token: customerTickets.token, reason: sql<string>`'canceled'` })
    .from(customerTickets)
    .where(and(eq(customerTickets.eventId, eventId), eq(customerTickets.state, 'canceled')));
  return [...revoked, ...canceled];
}

/** Tickets waiting for this mobile (transfers to a number without an account yet). */
export async function ticketsPendingForMobile(db: DbOrTx, e164: string) {
  return db
    .select({ id: customerTickets.id })
    .from(customerTickets)
    .where(and(eq(customerTickets.pendingMobile, e164), isNull(customerTickets.customerId)));
}

/** Gives the waiting tickets of a mobile to the customer who now owns it. */
export async function claimPendingTickets(db: DbOrTx, e164: string, customerId: number): Promise<number> {
  const rows = await db
    .update(customerTickets)
    .set({ customerId, pendingMobile: null })
    .where(
      and(
        eq(customerTickets.pendingMobile, e164),
        or(isNull(customerTickets.customerId), eq(customerTickets.customerId, customerId)),
      ),
    )
    .returning({ id: customerTickets.id });
  return rows.length;
}

/** The ids of the tickets issued for an order, in issue order. */
export async function findIssuedTicketIds(db: DbOrTx, orderId: number): Promise<number[]> {
  const rows = await db
    .select({ id: customerTickets.id })
    .from(customerTickets)
    .where(eq(customerTickets.orderId, orderId))
    .orderBy(asc(customerTickets.id));
  return rows.map((r) => r.id);
}

/** How many of the given ticket types belong to the event. */
export async function countTypesOfEvent(db: DbOrTx, eventId: number, typeIds: number[]): Promise<number> {
  const rows = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(inArray(ticketTypes.id, typeIds), eq(ticketTypes.eventId, eventId)));
  return rows.length;
}

export type NewCustomerTicket = typeof customerTickets.$inferInsert;

/** Inserts issued tickets and answers their ids in the given order. */
export async function insertCustomerTickets(db: DbOrTx, rows: NewCustomerTicket[]): Promise<number[]> {
  const inserted = await db.insert(customerTickets).values(rows).returning({ id: customerTickets.id });
  return inserted.map((r) => r.id);
}
