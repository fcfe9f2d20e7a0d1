import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  checkinDevices,
  checkinScans,
  checkins,
  eventSessions,
  events,
  ticketTypes,
  customerTickets,
} from '../../db/schema/index';

export async function findDeviceByKeyHash(db: DbOrTx, keyHash: string) {
  const rows = await db
    .select({ id: checkinDevices.id, eventId: checkinDevices.eventId, name: checkinDevices.name })
    .from(checkinDevices)
    .where(eq(checkinDevices.keyHash, keyHash))
    .limit(1);
  return rows[0];
}

export async function insertDevice(db: DbOrTx, values: { eventId: number; name: string; keyHash: string }) {
  const rows = await db
    .insert(checkinDevices)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: checkinDevices.id });
  return rows[0]?.id;
}

/**
 * Claims a device's nonce for this scan. Answers the new scan id, or undefined when the
 * nonce was already used: a concurrent claim waits on the unique index until the first
 * one commits, so a nonce is processed exactly once.
 */
export async function claimScan(
  db: DbOrTx,
  values: { deviceId: number; nonce: string; tokenHash: string; scannedAt: Date; offline: boolean },
): Promise<number | undefined> {
  const rows = await db
    .insert(checkinScans)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: checkinScans.id });
  return rows[0]?.id;
}

export async function findScan(db: DbOrTx, deviceId: number, nonce: string) {
  const rows = await db
    .select({
      id: checkinScans.id,
      tokenHash: checkinScans.tokenHash,
      ticketId: checkinScans.ticketId,
      result: checkinScans.result,
      scannedAt: checkinScans.scannedAt,
      ticketName: ticketTypes.name,
      day: checkins.day,
    })
    .from(checkinScans)
    .leftJoin(customerTickets, eq(customerTickets.id, checkinScans.ticketId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, customerTickets.ticketTypeId))
    .leftJoin(
      checkins,
      and(
        eq(checkins.ticketId, checkinScans.ticketId),
        eq(checkins.nonce, checkinScans.nonce),
        eq(checkins.deviceId, checkinScans.deviceId),
      ),
    )
    .where(and(eq(checkinScans.deviceId, deviceId), eq(checkinScans.nonce, nonce)))
    .limit(1);
  return rows[0];
}

export async function finishScan(
  db: DbOrTx,
  scanId: number,
  values: { result: string; ticketId: number | null },
) {
  await db.update(checkinScans).set(values).where(eq(checkinScans.id, scanId));
}

/**
 * Records an admission; false when this ticket already used this admission day. The
 * unique (ticket_id, day) index makes two gates racing on one ticket admit exactly once.
 */
export async function insertCheckin(
  db: DbOrTx,
  values: {
    ticketId: number;
    day: string;
    deviceId: number;
    nonce: string;
    scannedAt: Date;
    offline: boolean;
  },
): Promise<boolean> {
  const rows = await db.insert(checkins).values(values).onConflictDoNothing().returning({ id: checkins.id });
  return rows.length > 0;
}

export async function countCheckins(db: DbOrTx, ticketId: number): Promise<number> {
  const rows = await db.select({ id: checkins.id }).from(checkins).where(eq(checkins.ticketId, ticketId));
  return rows.length;
}

export async function checkinDaysOfTicket(db: DbOrTx, ticketId: number): Promise<string[]> {
  const rows = await db
    .select({ day: checkins.day })
    .from(checkins)
    .where(eq(checkins.ticketId, ticketId))
    .orderBy(asc(checkins.day));
  return rows.map((r) => r.day);
}

export async function findEvent(db: DbOrTx, eventId: number) {
  const rows = await db
    .select({
      id: events.id,
      slug: events.slug,
      name: events.name,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timezone: events.timezone,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return rows[0];
}

export async function ticketTypesOfEvent(db: DbOrTx, eventId: number) {
  return db
    .select({ id: ticketTypes.id, name: ticketTypes.name, periodDays: ticketTypes.periodDays })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id));
}

export async function sessionsOfEvent(db: DbOrTx, eventId: number) {
  return db
    .select({ id: eventSessions.id, date: eventSessions.date })
    .from(eventSessions)
    .where(eq(eventSessions.eventId, eventId))
    .orderBy(asc(eventSessions.date), asc(eventSessions.hour));
}

export async function ticketTypeName(db: DbOrTx, ticketTypeId: number, eventId: number) {
  const rows = await db
    .select({ name: ticketTypes.name })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.id, ticketTypeId), eq(ticketTypes.eventId, eventId)))
    .limit(1);
  return rows[0]?.name ?? null;
}
