import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkinDevices, checkinLists, eventSessions, ticketTypes } from '../../db/schema/index';

export type CheckinListRow = typeof checkinLists.$inferSelect;
export type CheckinListValues = Pick<
  CheckinListRow,
  'name' | 'gate' | 'ticketTypeIds' | 'sessionIds' | 'days'
>;

export async function listsOfEvent(db: DbOrTx, eventId: number) {
  return db
    .select()
    .from(checkinLists)
    .where(eq(checkinLists.eventId, eventId))
    .orderBy(asc(checkinLists.id));
}

/** The event's list, locked; undefined when it is another event's or does not exist. */
export async function findEventList(db: DbOrTx, eventId: number, listId: number) {
  const rows = await db
    .select()
    .from(checkinLists)
    .where(and(eq(checkinLists.id, listId), eq(checkinLists.eventId, eventId)))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function insertList(db: DbOrTx, eventId: number, v: CheckinListValues) {
  const rows = await db
    .insert(checkinLists)
    .values({ eventId, ...v })
    .returning();
  return rows[0]!;
}

export async function updateList(db: DbOrTx, listId: number, v: CheckinListValues) {
  const rows = await db.update(checkinLists).set(v).where(eq(checkinLists.id, listId)).returning();
  return rows[0]!;
}

export async function deleteList(db: DbOrTx, listId: number) {
  // revoked devices keep no list: nothing scans with them any more
  await db
    .update(checkinDevices)
    .set({ listId: null })
    .where(and(eq(checkinDevices.listId, listId), isNotNull(checkinDevices.revokedAt)));
  await db.delete(checkinLists).where(eq(checkinLists.id, listId));
}

/** The key hashes of the list's active devices (their cached copies must go when it changes). */
export async function activeDevicesOfList(db: DbOrTx, listId: number) {
  return db
    .select({ id: checkinDevices.id, keyHash: checkinDevices.keyHash })
    .from(checkinDevices)
    .where(and(eq(checkinDevices.listId, listId), isNull(checkinDevices.revokedAt)));
}

export async function setDeviceList(db: DbOrTx, deviceId: number, listId: number | null) {
  const rows = await db
    .update(checkinDevices)
    .set({ listId })
    .where(eq(checkinDevices.id, deviceId))
    .returning();
  return rows[0]!;
}

/** The ids among `ids` that are not the event's ticket types / sessions. */
export async function foreignIds(db: DbOrTx, eventId: number, kind: 'types' | 'sessions', ids: number[]) {
  if (!ids.length) return [];
  const table = kind === 'types' ? ticketTypes : eventSessions;
  const own = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.eventId, eventId), inArray(table.id, ids)));
  const ownIds = new Set(own.map((r) => r.id));
  return ids.filter((id) => !ownIds.has(id));
}
