/**
 * Queries of an event's capacity groups (pretix quotas) in the back office. The caller has
 * already found the event as the organiser's; every statement here names the event as well
 * as the group's id. The sale reads groups through the carts' sale facts.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { capacityGroupMembers, capacityGroups, ticketTypes } from '../../db/schema/index';

export type CapacityGroupRow = typeof capacityGroups.$inferSelect;
export type CapacityGroupWithMembers = CapacityGroupRow & { ticketTypeIds: number[] };

async function withMembers(db: DbOrTx, rows: CapacityGroupRow[]): Promise<CapacityGroupWithMembers[]> {
  if (!rows.length) return [];
  const members = await db
    .select()
    .from(capacityGroupMembers)
    .where(
      inArray(
        capacityGroupMembers.groupId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(capacityGroupMembers.ticketTypeId));
  return rows.map((r) => ({
    ...r,
    ticketTypeIds: members.filter((m) => m.groupId === r.id).map((m) => m.ticketTypeId),
  }));
}

/** The event's groups with their member types, oldest first. */
export async function listCapacityGroups(db: DbOrTx, eventId: number): Promise<CapacityGroupWithMembers[]> {
  const rows = await db
    .select()
    .from(capacityGroups)
    .where(eq(capacityGroups.eventId, eventId))
    .orderBy(asc(capacityGroups.id));
  return withMembers(db, rows);
}

/**
 * The event's group, locked for the rest of the transaction: a checkout that takes its places
 * waits for the change and then sees it (and the change sees what the checkout took).
 */
export async function lockCapacityGroup(
  tx: Tx,
  eventId: number,
  groupId: number,
): Promise<CapacityGroupWithMembers | undefined> {
  const rows = await tx
    .select()
    .from(capacityGroups)
    .where(and(eq(capacityGroups.id, groupId), eq(capacityGroups.eventId, eventId)))
    .for('update');
  return (await withMembers(tx, rows))[0];
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

export async function insertCapacityGroup(
  tx: Tx,
  values: { eventId: number; name: string; capacity: number },
): Promise<CapacityGroupRow> {
  const [row] = await tx.insert(capacityGroups).values(values).returning();
  return row!;
}

export async function updateCapacityGroupRow(
  tx: Tx,
  groupId: number,
  values: Partial<Pick<CapacityGroupRow, 'name' | 'capacity'>>,
): Promise<void> {
  // an edit that names no column changes nothing (an UPDATE without a SET would throw)
  if (Object.values(values).every((v) => v === undefined)) return;
  await tx.update(capacityGroups).set(values).where(eq(capacityGroups.id, groupId));
}

/** The group's members become `ticketTypeIds` (new orders claim by the new list). */
export async function replaceGroupMembers(tx: Tx, groupId: number, ticketTypeIds: number[]): Promise<void> {
  await tx.delete(capacityGroupMembers).where(eq(capacityGroupMembers.groupId, groupId));
  if (ticketTypeIds.length)
    await tx
      .insert(capacityGroupMembers)
      .values([...new Set(ticketTypeIds)].map((ticketTypeId) => ({ groupId, ticketTypeId })));
}

export async function deleteCapacityGroupRow(tx: Tx, groupId: number): Promise<void> {
  await tx.delete(capacityGroupMembers).where(eq(capacityGroupMembers.groupId, groupId));
  await tx.delete(capacityGroups).where(eq(capacityGroups.id, groupId));
}
