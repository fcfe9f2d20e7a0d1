import { and, asc, eq } from 'drizzle-orm';
import { preparedRows, type Db, type DbOrTx } from '../../db/client';
import { ascending, batcherPerDatabase, batchOrEach, inLockOrder } from '../../lib/batcher';
import { isDeadlock } from '../../lib/db-errors';
import { SCAN_BATCHES_IN_FLIGHT, SCAN_BATCH_MAX } from './checkin-limits';
import {
  checkinDevices,
  checkinLists,
  checkinScans,
  checkins,
  eventSessions,
  events,
  ticketTypes,
  customerTickets,
} from '../../db/schema/index';

/** The device of a key hash with the check-in list it admits by (null: every valid ticket). */
export async function findDeviceByKeyHash(db: DbOrTx, keyHash: string) {
  const rows = await db
    .select({
      id: checkinDevices.id,
      eventId: checkinDevices.eventId,
      name: checkinDevices.name,
      keyHash: checkinDevices.keyHash,
      list: {
        id: checkinLists.id,
        name: checkinLists.name,
        gate: checkinLists.gate,
        ticketTypeIds: checkinLists.ticketTypeIds,
        sessionIds: checkinLists.sessionIds,
        days: checkinLists.days,
      },
    })
    .from(checkinDevices)
    .leftJoin(checkinLists, eq(checkinLists.id, checkinDevices.listId))
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

/** One scan to record (checkin_scan_batch, db/functions/checkin_scan_batch.sql). */
export interface ScanRecordInput {
  deviceId: number;
  /** SHA-256 of the device key that authenticated the scan (a rotated or removed key records nothing) */
  deviceKeyHash: string;
  nonce: string;
  tokenHash: string;
  /** the token to read the ticket by; null when there is no ticket to read (`reason` is recorded) */
  token: string | null;
  /** the claims the ticket row must carry (else `mismatch`, nothing recorded) */
  eventId: number | null;
  ticketTypeId: number | null;
  sessionId: number | null;
  /** the admission key to claim when the door rule admits, else null */
  day: string | null;
  /** the answer when the door rule refuses (`day` null) */
  reason: string;
  scannedAt: Date;
  offline: boolean;
}

export interface ScanRecordOutcome {
  /** false: the device (id + key hash) no longer exists; nothing was recorded */
  deviceOk: boolean;
  /** the stored result of this scan, or null when the nonce was already used (replay) */
  result: string | null;
  /** id of the check-in row this call inserted, if any */
  checkinId: number | null;
  /** the ticket row does not carry the given claims: nothing recorded, judge from the row */
  mismatch: boolean;
}

interface ScanBatchRow {
  device_ok: boolean;
  result: string | null;
  checkin_id: number | null;
  mismatch: boolean;
}

const SCAN_BATCH_SQL = `SELECT * FROM checkin_scan_batch($1::int[], $2::text[], $3::text[], $4::int[],
  $5::int[], $6::int[], $7::text[], $8::text[], $9::timestamptz[], $10::boolean[], $11::text[], $12::text[])`;

/** One call of checkin_scan_batch for `items`, in their order. */
async function callScanBatch(db: Db, items: ScanRecordInput[]): Promise<ScanRecordOutcome[]> {
  const column = <T>(f: (v: ScanRecordInput) => T) => items.map(f);
  const rows = await preparedRows<ScanBatchRow>(db, 'checkin-scan-batch-v1', SCAN_BATCH_SQL, [
    column((v) => v.deviceId),
    column((v) => v.deviceKeyHash),
    column((v) => v.nonce),
    column((v) => v.eventId),
    column((v) => v.ticketTypeId),
    column((v) => v.sessionId),
    column((v) => v.token),
    column((v) => v.day),
    column((v) => v.scannedAt.toISOString()),
    column((v) => v.offline),
    column((v) => v.tokenHash),
    column((v) => v.reason),
  ]);
  return rows.map((row) => ({
    deviceOk: !!row.device_ok,
    result: row.result ?? null,
    checkinId: row.checkin_id ?? null,
    mismatch: !!row.mismatch,
  }));
}

/**
 * Runs a batch of scans in one call, sorted by token (inLockOrder) so that concurrent batches
 * claim admissions in the same order; two gates scanning one ticket keep their arrival
 * order. Should two batches still deadlock (PostgreSQL aborts one of them after
 * deadlock_timeout), the aborted one wrote nothing and its scans run one per call.
 */
function runScanBatch(db: Db, items: ScanRecordInput[]): Promise<ScanRecordOutcome[]> {
  return inLockOrder(
    items,
    (a, b) => ascending(a.token ?? '', b.token ?? ''),
    (sorted) =>
      batchOrEach(
        sorted,
        (batch) => callScanBatch(db, batch),
        async (item) => (await callScanBatch(db, [item]))[0]!,
        isDeadlock,
      ),
  );
}

const scanBatcher = batcherPerDatabase<Db, ScanRecordInput, ScanRecordOutcome>((db) => ({
  maxBatch: SCAN_BATCH_MAX,
  maxInFlight: SCAN_BATCHES_IN_FLIGHT,
  run: (items) => runScanBatch(db, items),
}));

/**
 * Records a scan: the only write of a door scan, for every caller (checkin_scan_batch,
 * db/functions/checkin_scan_batch.sql). Reads the ticket by token (state, event status) and,
 * when it is gone, the revocation list; claims the (ticket, day) admission when the ticket is
 * active, its event not cancelled and `day` set; records the scan with its exact result.
 * Concurrent claims of one admission wait on the unique (ticket_id, day) index, so exactly
 * one wins; a nonce the device used before records nothing (result null).
 *
 * Scans that arrive while others are in flight share one database call (lib/batcher.ts):
 * each runs exactly as it would alone, in turn, and they commit together.
 */
export function recordScan(db: Db, v: ScanRecordInput): Promise<ScanRecordOutcome> {
  return scanBatcher(db, v);
}

/** Undoes a claim whose scan lost its nonce to a concurrent scan of another token. */
export async function deleteCheckin(db: DbOrTx, checkinId: number) {
  await db.delete(checkins).where(eq(checkins.id, checkinId));
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

/** When and at which device (its name: the gate) a ticket was let in on an admission day. */
export async function findFirstCheckin(db: DbOrTx, token: string, day: string) {
  const rows = await db
    .select({ scannedAt: checkins.scannedAt, gate: checkinDevices.name })
    .from(checkins)
    .innerJoin(customerTickets, eq(customerTickets.id, checkins.ticketId))
    .leftJoin(checkinDevices, eq(checkinDevices.id, checkins.deviceId))
    .where(and(eq(customerTickets.token, token), eq(checkins.day, day)))
    .limit(1);
  return rows[0];
}
