/**
 * An event's capacity groups (pretix quotas) in the back office: a capacity shared by several
 * ticket types ("Zona VIP: 500" for "VIP dia" and "VIP 3 dias"). Every ticket of a member type
 * takes one place of the group as well as one of its own (orders/stock.repository.ts).
 *
 * Rules: members are ticket types of the event; the capacity never goes below what is sold or
 * held (the row is locked, so a checkout waits for the change and then sees it); a group with
 * sold places is never deleted; a change of members applies to new orders only (each order
 * line records the groups it took, and gives back exactly those). Every change is audited with
 * the acting staff user in the same transaction.
 */
import type {
  CapacityGroupBody,
  CapacityGroupPatch,
  CapacityGroupView,
} from '@bilheteira/shared/schemas/pricing';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { eventAdminErrors } from './events.admin.errors';
import { findOrganizerEvent } from './events.admin.repository';
import {
  deleteCapacityGroupRow,
  findEventTypeIds,
  insertCapacityGroup,
  listCapacityGroups,
  lockCapacityGroup,
  replaceGroupMembers,
  updateCapacityGroupRow,
  type CapacityGroupWithMembers,
} from './capacity-groups.admin.repository';

interface EventRef {
  organizerId: number;
  eventId: number;
}

const groupView = (g: CapacityGroupWithMembers): CapacityGroupView => ({
  id: g.id,
  event_id: g.eventId,
  name: g.name,
  capacity: g.capacity,
  reserved: g.reserved,
  sold: g.sold,
  ticket_type_ids: g.ticketTypeIds,
});

/** The organiser's event (404 for another organiser's); `editable`: not cancelled (409). */
async function ownEvent(db: DbOrTx, ref: EventRef, editable: boolean) {
  const event = await findOrganizerEvent(db, ref.organizerId, ref.eventId);
  if (!event) throw eventAdminErrors.notFound();
  if (editable && event.status === 'cancelled') throw eventAdminErrors.cancelled();
  return event;
}

/** Every member must be a ticket type of the event (422 on the field otherwise). */
async function ownTypes(db: DbOrTx, eventId: number, ids: number[]): Promise<void> {
  const found = await findEventTypeIds(db, eventId, ids);
  if (found.length !== new Set(ids).size)
    throw eventAdminErrors.typeNotInEvent(
      {},
      { fieldErrors: { ticket_type_ids: ['backoffice_events.type_not_in_event'] } },
    );
}

/** The event's capacity groups with their places sold and held. Throws 404. */
export async function capacityGroupsOf(db: Db, ref: EventRef): Promise<CapacityGroupView[]> {
  const event = await ownEvent(db, ref, false);
  return (await listCapacityGroups(db, event.id)).map(groupView);
}

/** Adds a group. Throws 404 / 409 (cancelled event) / 422 (a member of another event). */
export async function createCapacityGroup(
  db: Db,
  ref: EventRef,
  body: CapacityGroupBody,
  actor: string,
): Promise<CapacityGroupView> {
  return db.transaction(async (tx) => {
    const event = await ownEvent(tx, ref, true);
    await ownTypes(tx, event.id, body.ticket_type_ids);
    const row = await insertCapacityGroup(tx, {
      eventId: event.id,
      name: body.name,
      capacity: body.capacity,
    });
    await replaceGroupMembers(tx, row.id, body.ticket_type_ids);
    await audit(tx, {
      actor,
      action: 'capacity_group.created',
      entity: 'capacity_group',
      entityId: row.id,
      data: {
        event_id: event.id,
        name: row.name,
        capacity: row.capacity,
        ticket_type_ids: body.ticket_type_ids,
      },
    });
    return groupView((await lockCapacityGroup(tx, event.id, row.id))!);
  });
}

/**
 * Changes a group's name, capacity or members. Throws 404 / 409 (cancelled event) / 422
 * (capacity below what is sold or held, a member of another event).
 */
export async function updateCapacityGroup(
  db: Db,
  ref: EventRef,
  groupId: number,
  body: CapacityGroupPatch,
  actor: string,
): Promise<CapacityGroupView> {
  return db.transaction(async (tx) => {
    const event = await ownEvent(tx, ref, true);
    const group = await lockCapacityGroup(tx, event.id, groupId);
    if (!group) throw eventAdminErrors.groupNotFound();
    const held = group.sold + group.reserved;
    if (body.capacity !== undefined && body.capacity < held)
      throw eventAdminErrors.groupBelowHeld(
        { count: held },
        { fieldErrors: { capacity: ['backoffice_events.group_below_held'] } },
      );
    if (body.ticket_type_ids) await ownTypes(tx, event.id, body.ticket_type_ids);
    await updateCapacityGroupRow(tx, group.id, { name: body.name, capacity: body.capacity });
    if (body.ticket_type_ids) await replaceGroupMembers(tx, group.id, body.ticket_type_ids);
    await audit(tx, {
      actor,
      action: 'capacity_group.updated',
      entity: 'capacity_group',
      entityId: group.id,
      data: {
        event_id: event.id,
        fields: Object.keys(body),
        capacity: [group.capacity, body.capacity ?? group.capacity],
        ticket_type_ids: [group.ticketTypeIds, body.ticket_type_ids ?? group.ticketTypeIds],
      },
    });
    return groupView((await lockCapacityGroup(tx, event.id, group.id))!);
  });
}

/**
 * Deletes a group nothing was sold in (orders still holding places in it give back nothing
 * to a group that is gone). Throws 404 / 409 (sold places, cancelled event).
 */
export async function deleteCapacityGroup(
  db: Db,
  ref: EventRef,
  groupId: number,
  actor: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await ownEvent(tx, ref, true);
    const group = await lockCapacityGroup(tx, event.id, groupId);
    if (!group) throw eventAdminErrors.groupNotFound();
    if (group.sold > 0) throw eventAdminErrors.groupHasSales();
    await deleteCapacityGroupRow(tx, group.id);
    await audit(tx, {
      actor,
      action: 'capacity_group.deleted',
      entity: 'capacity_group',
      entityId: group.id,
      data: { event_id: event.id, name: group.name, reserved: group.reserved },
    });
  });
}
