import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkinDevices, checkinScans, customers, customerTickets, ticketTypes } from '../../db/schema/index';

export type DoorDeviceRow = typeof checkinDevices.$inferSelect;

/** The event's devices with what each scanned (one grouped read of their scans, by device index). */
export async function devicesOfEvent(db: DbOrTx, eventId: number) {
  const devices = await db
    .select()
    .from(checkinDevices)
    .where(eq(checkinDevices.eventId, eventId))
    .orderBy(asc(checkinDevices.id));
  if (!devices.length) return [];
  const counts = await db
    .select({
      deviceId: checkinScans.deviceId,
      scans: sql<number>`count(*)::int`,
      admitted: sql<number>`count(*) filter (where ${checkinScans.result} = 'ok')::int`,
      last: sql<Date | null>`max(${checkinScans.scannedAt})`,
    })
    .from(checkinScans)
    .where(
      inArray(
        checkinScans.deviceId,
        devices.map((d) => d.id),
      ),
    )
    .groupBy(checkinScans.deviceId);
  const byDevice = new Map(counts.map((c) => [c.deviceId, c]));
  return devices.map((d) => ({ device: d, counts: byDevice.get(d.id) }));
}

export async function findEventDevice(db: DbOrTx, eventId: number, deviceId: number) {
  const rows = await db
    .select()
    .from(checkinDevices)
    .where(and(eq(checkinDevices.id, deviceId), eq(checkinDevices.eventId, eventId)))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function updateDeviceRow(
  db: DbOrTx,
  deviceId: number,
  v: Partial<{ name: string; keyHash: string; revokedAt: Date }>,
): Promise<DoorDeviceRow> {
  const rows = await db.update(checkinDevices).set(v).where(eq(checkinDevices.id, deviceId)).returning();
  return rows[0]!;
}

export async function insertDoorDevice(db: DbOrTx, v: { eventId: number; name: string; keyHash: string }) {
  const rows = await db.insert(checkinDevices).values(v).returning();
  return rows[0]!;
}

/**
 * A page of the event's scans, newest first, with the ticket's type and holder; one row more
 * than a page tells whether there is another. Each of the event's devices gives its newest
 * scans down its time index (as many as the pages so far need), so a page never sorts the
 * event's whole scan log.
 */
export async function scansOfEvent(
  db: DbOrTx,
  eventId: number,
  q: { deviceId?: number; result?: string; page: number; perPage: number },
) {
  const offset = (q.page - 1) * q.perPage;
  const newest = db
    .select({
      id: checkinScans.id,
      scannedAt: checkinScans.scannedAt,
      result: checkinScans.result,
      offline: checkinScans.offline,
      ticketId: checkinScans.ticketId,
    })
    .from(checkinScans)
    .where(
      and(
        eq(checkinScans.deviceId, checkinDevices.id),
        q.result ? eq(checkinScans.result, q.result) : undefined,
      ),
    )
    .orderBy(desc(checkinScans.scannedAt), desc(checkinScans.id))
    .limit(offset + q.perPage + 1)
    .as('newest');
  return db
    .select({
      id: newest.id,
      scannedAt: newest.scannedAt,
      device: checkinDevices.name,
      result: newest.result,
      offline: newest.offline,
      ticketName: ticketTypes.name,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(checkinDevices)
    .crossJoinLateral(newest)
    .leftJoin(customerTickets, eq(customerTickets.id, newest.ticketId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, customerTickets.ticketTypeId))
    .leftJoin(customers, eq(customers.id, customerTickets.customerId))
    .where(
      q.deviceId
        ? and(eq(checkinDevices.eventId, eventId), eq(checkinDevices.id, q.deviceId))
        : eq(checkinDevices.eventId, eventId),
    )
    .orderBy(desc(newest.scannedAt), desc(newest.id))
    .limit(q.perPage + 1)
    .offset(offset);
}
