/**
 * Check-in lists in the back office (issue 27 item 4): per event, named lists of the ticket
 * types, sessions and days admitted at a gate or zone, and which list each door device admits
 * by. The door scan applies a device's list (check-in-ticket.service.ts, listAdmits); a
 * device without a list admits every valid ticket of its event. Every change is audited.
 */
import type { CheckinListView, DoorDeviceView } from '@bilheteira/shared/schemas/backoffice-door';
import { eventDay } from '@bilheteira/shared/ticket-status';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { validationFailed } from '../../lib/errors';
import { ownEvent } from '../events/events.admin.service';
import type { DoorCaches } from './checkin.service';
import { doorAdminErrors } from './door.admin.errors';
import { devicesOfEvent, findEventDevice } from './door.admin.repository';
import { deviceView } from './door.admin.service';
import {
  activeDevicesOfList,
  deleteList,
  findEventList,
  foreignIds,
  insertList,
  listsOfEvent,
  setDeviceList,
  updateList,
  type CheckinListRow,
  type CheckinListValues,
} from './door-lists.admin.repository';

interface EventRef {
  organizerId: number;
  eventId: number;
}

export interface CheckinListInput {
  name: string;
  gate: string;
  ticket_type_ids: number[];
  session_ids: number[];
  days: string[];
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

function listView(l: CheckinListRow, counts = { devices: 0, admitted: 0 }): CheckinListView {
  return {
    id: l.id,
    name: l.name,
    gate: l.gate,
    ticket_type_ids: l.ticketTypeIds,
    session_ids: l.sessionIds,
    days: l.days,
    devices: counts.devices,
    admitted: counts.admitted,
    created_at: l.createdAt.toISOString(),
  };
}

/** The list's values, or 400 naming each type, session or day that is not the event's. */
async function checkedValues(
  tx: DbOrTx,
  event: { id: number; startsAt: Date; endsAt: Date; timezone: string },
  input: CheckinListInput,
): Promise<CheckinListValues> {
  const v = {
    name: input.name,
    gate: input.gate,
    ticketTypeIds: unique(input.ticket_type_ids),
    sessionIds: unique(input.session_ids),
    days: unique(input.days).sort(),
  };
  const errors: Record<string, string[]> = {};
  if ((await foreignIds(tx, event.id, 'types', v.ticketTypeIds)).length)
    errors.ticket_type_ids = ['backoffice_door.list_type_unknown'];
  if ((await foreignIds(tx, event.id, 'sessions', v.sessionIds)).length)
    errors.session_ids = ['backoffice_door.list_session_unknown'];
  const first = eventDay(event.startsAt, event.timezone);
  const last = eventDay(event.endsAt, event.timezone);
  if (v.days.some((d) => d < first || d > last || Number.isNaN(Date.parse(d))))
    errors.days = ['backoffice_door.list_day_outside'];
  if (Object.keys(errors).length) throw validationFailed(errors);
  return v;
}

/** Drops the cached devices of a list, so their next scan reads the list as it is now. */
async function forgetDevices(tx: DbOrTx, listId: number): Promise<string[]> {
  return (await activeDevicesOfList(tx, listId)).map((d) => d.keyHash);
}

/** The event's lists with their active devices and the people those let in. */
export async function listCheckinLists(db: Db, ref: EventRef): Promise<CheckinListView[]> {
  const event = await ownEvent(db, ref.organizerId, ref.eventId);
  const [lists, devices] = await Promise.all([listsOfEvent(db, event.id), devicesOfEvent(db, event.id)]);
  const counts = new Map<number, { devices: number; admitted: number }>();
  for (const { device, counts: c } of devices) {
    if (device.listId === null) continue;
    const n = counts.get(device.listId) ?? { devices: 0, admitted: 0 };
    if (!device.revokedAt) n.devices++;
    n.admitted += c?.admitted ?? 0;
    counts.set(device.listId, n);
  }
  return lists.map((l) => listView(l, counts.get(l.id)));
}

export async function createCheckinList(
  db: Db,
  ref: EventRef,
  input: CheckinListInput,
  actor: string,
): Promise<CheckinListView> {
  return db.transaction(async (tx) => {
    const event = await ownEvent(tx, ref.organizerId, ref.eventId);
    const list = await insertList(tx, event.id, await checkedValues(tx, event, input));
    await audit(tx, {
      actor,
      action: 'checkin_list.create',
      entity: 'checkin_list',
      entityId: list.id,
      data: { event_id: event.id, name: list.name, gate: list.gate },
    });
    return listView(list);
  });
}

/** Replaces the list's name, gate, types, sessions and days; its devices apply it at once. */
export async function updateCheckinList(
  db: Db,
  door: DoorCaches,
  ref: EventRef,
  listId: number,
  input: CheckinListInput,
  actor: string,
): Promise<CheckinListView> {
  const { view, stale } = await db.transaction(async (tx) => {
    const event = await ownEvent(tx, ref.organizerId, ref.eventId);
    const list = await findEventList(tx, event.id, listId);
    if (!list) throw doorAdminErrors.listNotFound();
    const updated = await updateList(tx, list.id, await checkedValues(tx, event, input));
    await audit(tx, {
      actor,
      action: 'checkin_list.update',
      entity: 'checkin_list',
      entityId: list.id,
      data: { event_id: event.id, name: updated.name, gate: updated.gate },
    });
    return { view: listView(updated), stale: await forgetDevices(tx, list.id) };
  });
  for (const k of stale) door.devices.delete(k);
  return view;
}

/** Deletes a list no active device admits by (409 list_in_use otherwise: unassign them first). */
export async function deleteCheckinList(db: Db, ref: EventRef, listId: number, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await ownEvent(tx, ref.organizerId, ref.eventId);
    const list = await findEventList(tx, event.id, listId);
    if (!list) throw doorAdminErrors.listNotFound();
    if ((await activeDevicesOfList(tx, list.id)).length) throw doorAdminErrors.listInUse();
    await deleteList(tx, list.id);
    await audit(tx, {
      actor,
      action: 'checkin_list.delete',
      entity: 'checkin_list',
      entityId: list.id,
      data: { event_id: event.id, name: list.name },
    });
  });
}

/** Puts a device on a list of its event (or on none: every valid ticket); effective at its next scan. */
export async function assignDeviceList(
  db: Db,
  door: DoorCaches,
  ref: EventRef,
  deviceId: number,
  listId: number | null,
  actor: string,
): Promise<DoorDeviceView> {
  const updated = await db.transaction(async (tx) => {
    const event = await ownEvent(tx, ref.organizerId, ref.eventId);
    const device = await findEventDevice(tx, event.id, deviceId);
    if (!device) throw doorAdminErrors.deviceNotFound();
    if (device.revokedAt) throw doorAdminErrors.deviceRevoked();
    const list = listId === null ? null : await findEventList(tx, event.id, listId);
    if (listId !== null && !list) throw validationFailed({ list_id: ['backoffice_door.list_not_found'] });
    const row = await setDeviceList(tx, device.id, list?.id ?? null);
    await audit(tx, {
      actor,
      action: list ? 'door_device.assign_list' : 'door_device.unassign_list',
      entity: 'checkin_device',
      entityId: device.id,
      data: { event_id: event.id, device: device.name, list_id: list?.id ?? null, list: list?.name ?? null },
    });
    return row;
  });
  door.devices.delete(updated.keyHash);
  return deviceView(updated);
}
