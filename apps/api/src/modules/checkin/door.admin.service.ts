/**
 * The door of an event in the back office (issue 27 item 4): its devices (scanners), each with
 * a key made here, shown once with an enrolment QR code and stored only as its SHA-256 (the
 * door API, checkin.service.ts, looks devices up by that hash); a new key or a revocation
 * refuses the old key at once (the scan statement checks the stored hash). And the log of what
 * the devices scanned. Every change is audited with the acting staff user.
 */
import type {
  DoorDeviceView,
  DoorDeviceWithKeyView,
  ScanLogResponse,
} from '@bilheteira/shared/schemas/backoffice-door';
import { SCAN_LOG_PAGE_SIZE } from '@bilheteira/shared/schemas/backoffice-door';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { randomToken, sha256 } from '../../lib/crypto';
import { eventAdminErrors } from '../events/events.admin.errors';
import { ownEvent } from '../events/events.admin.service';
import type { DoorCaches } from './checkin.service';
import { doorAdminErrors } from './door.admin.errors';
import {
  devicesOfEvent,
  findEventDevice,
  insertDoorDevice,
  scansOfEvent,
  updateDeviceRow,
  type DoorDeviceRow,
} from './door.admin.repository';

interface EventRef {
  organizerId: number;
  eventId: number;
}

const organizerEvent = (db: DbOrTx, ref: EventRef) => ownEvent(db, ref.organizerId, ref.eventId);

/** A device key: 32 random bytes, as the door app sends it (`X-Device-Key`). */
const newDeviceKey = () => `dv_${randomToken(32)}`;

/** What the enrolment QR code holds: where the door API is and the device's key. */
const enrolment = (apiUrl: string, key: string, name: string) =>
  JSON.stringify({ kind: 'bilheteira-door', api: apiUrl, key, name });

export function deviceView(
  d: DoorDeviceRow,
  counts?: { scans: number; admitted: number; last: Date | string | null },
): DoorDeviceView {
  const last = counts?.last ? new Date(counts.last) : null;
  return {
    id: d.id,
    name: d.name,
    status: d.revokedAt ? 'revoked' : 'active',
    created_at: d.createdAt.toISOString(),
    revoked_at: d.revokedAt?.toISOString() ?? null,
    admitted: counts?.admitted ?? 0,
    scans: counts?.scans ?? 0,
    last_scan_at: last ? last.toISOString() : null,
    list_id: d.listId,
  };
}

export async function listDevices(db: Db, ref: EventRef): Promise<DoorDeviceView[]> {
  const event = await organizerEvent(db, ref);
  return (await devicesOfEvent(db, event.id)).map((r) => deviceView(r.device, r.counts));
}

export async function createDevice(
  db: Db,
  ref: EventRef,
  name: string,
  actor: string,
  apiUrl: string,
): Promise<DoorDeviceWithKeyView> {
  return db.transaction(async (tx) => {
    const event = await organizerEvent(tx, ref);
    if (event.status === 'cancelled') throw eventAdminErrors.cancelled();
    const key = newDeviceKey();
    const device = await insertDoorDevice(tx, { eventId: event.id, name, keyHash: sha256(key) });
    await audit(tx, {
      actor,
      action: 'door_device.create',
      entity: 'checkin_device',
      entityId: device.id,
      data: { event_id: event.id, name },
    });
    return { ...deviceView(device), key, enrolment: enrolment(apiUrl, key, name) };
  });
}

/** The device of the organiser's event, locked; 404 otherwise. */
async function ownDevice(tx: DbOrTx, ref: EventRef, deviceId: number) {
  const event = await organizerEvent(tx, ref);
  const device = await findEventDevice(tx, event.id, deviceId);
  if (!device) throw doorAdminErrors.deviceNotFound();
  return device;
}

export async function renameDevice(db: Db, ref: EventRef, deviceId: number, name: string, actor: string) {
  return db.transaction(async (tx) => {
    const device = await ownDevice(tx, ref, deviceId);
    const updated = await updateDeviceRow(tx, device.id, { name });
    await audit(tx, {
      actor,
      action: 'door_device.rename',
      entity: 'checkin_device',
      entityId: device.id,
      data: { name },
    });
    return deviceView(updated);
  });
}

/** A new key (with its enrolment QR); the old key is refused from now on. 409 once revoked. */
export async function rotateDeviceKey(
  db: Db,
  door: DoorCaches,
  ref: EventRef,
  deviceId: number,
  actor: string,
  apiUrl: string,
): Promise<DoorDeviceWithKeyView> {
  const { view, retired } = await db.transaction(async (tx) => {
    const device = await ownDevice(tx, ref, deviceId);
    if (device.revokedAt) throw doorAdminErrors.deviceRevoked();
    const key = newDeviceKey();
    const updated = await updateDeviceRow(tx, device.id, { keyHash: sha256(key) });
    await audit(tx, {
      actor,
      action: 'door_device.rotate_key',
      entity: 'checkin_device',
      entityId: device.id,
    });
    return {
      view: { ...deviceView(updated), key, enrolment: enrolment(apiUrl, key, updated.name) },
      retired: device.keyHash,
    };
  });
  door.devices.delete(retired);
  return view;
}

/**
 * Revokes the device for good (a lost phone): its key is replaced by the hash of one nobody
 * holds, so its scans and uploads are refused; what it scanned stays in the log. Idempotent.
 */
export async function revokeDevice(
  db: Db,
  door: DoorCaches,
  ref: EventRef,
  deviceId: number,
  actor: string,
  now: Date,
): Promise<DoorDeviceView> {
  const { view, retired } = await db.transaction(async (tx) => {
    const device = await ownDevice(tx, ref, deviceId);
    if (device.revokedAt) return { view: deviceView(device), retired: null };
    const updated = await updateDeviceRow(tx, device.id, {
      keyHash: sha256(newDeviceKey()),
      revokedAt: now,
    });
    await audit(tx, { actor, action: 'door_device.revoke', entity: 'checkin_device', entityId: device.id });
    return { view: deviceView(updated), retired: device.keyHash };
  });
  if (retired) door.devices.delete(retired);
  return view;
}

export async function listScans(
  db: Db,
  ref: EventRef,
  q: { device_id?: number; result?: string; page: number },
): Promise<ScanLogResponse> {
  const event = await organizerEvent(db, ref);
  const rows = await scansOfEvent(db, event.id, {
    deviceId: q.device_id,
    result: q.result,
    page: q.page,
    perPage: SCAN_LOG_PAGE_SIZE,
  });
  return {
    data: rows.slice(0, SCAN_LOG_PAGE_SIZE).map((r) => ({
      id: r.id,
      scanned_at: r.scannedAt.toISOString(),
      device: r.device,
      result: r.result,
      ticket_name: r.ticketName,
      holder: [r.firstName, r.lastName].filter(Boolean).join(' ') || null,
      offline: r.offline,
    })),
    meta: { page: q.page, per_page: SCAN_LOG_PAGE_SIZE, has_more: rows.length > SCAN_LOG_PAGE_SIZE },
  };
}
