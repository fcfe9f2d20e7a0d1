import {
  CHECKIN_RESULT,
  EVENT_DAY_CUTOFF_HOURS,
  doorDecision,
  ticketValidity,
  type CheckinResult,
  type TicketValidity,
} from '@bilheteira/shared/ticket-status';
import type { CheckinAnswer, PublicTicketCheck } from '@bilheteira/shared/schemas/tickets';
import type { Db, DbOrTx } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { checkinErrors } from './checkin.errors';
import { Cache } from '../../lib/cache';
import { guardKeyAttempt, type KeyGuardState } from '../../lib/key-guard';
import {
  ensureEventSigningKey,
  findEventPublicKey,
  type EventPublicKeyCache,
} from '../tickets/signing-key.repository';
import {
  parseTicketToken,
  verifyTicketSignature,
  MAX_TOKEN_LENGTH,
  type ParsedTicketToken,
} from '../tickets/ticket-token';
import { statusOf, validityOf } from '../tickets/ticket-facts';
import { findRevokedToken, findTicketByToken, revocationListOfEvent } from '../tickets/tickets.repository';
import {
  checkinDaysOfTicket,
  deleteCheckin,
  findDeviceByKeyHash,
  findEvent,
  findScan,
  recordScan,
  recordScanByToken,
  type RecordScanOutcome,
  sessionsOfEvent,
  ticketTypeName,
  ticketTypesOfEvent,
} from './checkin.repository';
import './checkin.messages';

export interface Device {
  id: number;
  eventId: number;
  name: string;
  /** SHA-256 of the device key: the scan statement re-checks it, so a rotated key records nothing */
  keyHash: string;
}

/**
 * Door devices by key hash, kept in memory for DEVICE_CACHE_TTL_MS so a scan does not read
 * the device table. Revocation still takes effect at once for writes: every scan statement
 * re-checks (device id, key hash) in the database and records nothing, answering 401 and
 * dropping the entry, when the key was rotated or the device removed; other instances drop
 * their entry on their next scan of that device, or after the TTL at the latest.
 */
export const DEVICE_CACHE_TTL_MS = 5_000;
const DEVICE_CACHE_MAX = 10_000;

/** What the door keeps in memory, owned by the app (`app.caches.door`, caches.ts). */
export function createDoorCaches(keyGuard: KeyGuardState, publicKeys: EventPublicKeyCache) {
  return {
    devices: new Cache<string, Device>('door devices by key hash', DEVICE_CACHE_TTL_MS, DEVICE_CACHE_MAX),
    eventFacts: new Cache<number, EventFacts | null>('door event facts', EVENT_FACTS_TTL_MS, DEVICE_CACHE_MAX),
    publicKeys,
    keyGuard,
  };
}
export type DoorCaches = ReturnType<typeof createDoorCaches>;

/**
 * The door device of a key (X-Device-Key), or 401; wrong keys are counted per IP and, once
 * an IP tried too many, every key from it gets 429 (lib/key-guard). Keys are stored as
 * SHA-256 only.
 */
export async function authenticateDevice(
  door: DoorCaches,
  db: Db,
  key: string | undefined,
  ip: string,
  now: Date,
): Promise<Device> {
  const wellFormed = !!key && key.length >= 16 && key.length <= 200;
  const keyHash = wellFormed ? sha256(key) : '';
  const hit = wellFormed ? door.devices.get(keyHash, now.getTime()) : undefined;
  if (hit) {
    await guardKeyAttempt(door.keyGuard, db, 'door', ip, key, true, now);
    return hit;
  }
  const device = wellFormed ? await findDeviceByKeyHash(db, keyHash) : undefined;
  if (!device) {
    door.devices.delete(keyHash);
    await guardKeyAttempt(door.keyGuard, db, 'door', ip, key, false, now);
    throw checkinErrors.invalidDeviceKey();
  }
  await guardKeyAttempt(door.keyGuard, db, 'door', ip, key, true, now);
  door.devices.set(keyHash, device, now.getTime());
  return device;
}

/**
 * True when the token carries a valid signature of its event's key. The key is cached in
 * memory; a failed check reads it again once, so a cache can never refuse a real ticket.
 */
async function signedByEvent(
  keys: EventPublicKeyCache,
  db: DbOrTx,
  parsed: ParsedTicketToken,
): Promise<boolean> {
  const cached = await findEventPublicKey(keys, db, parsed.eventId);
  if (cached && verifyTicketSignature(cached, parsed)) return true;
  const fresh = await findEventPublicKey(keys, db, parsed.eventId, { fresh: true });
  return !!fresh && fresh !== cached && verifyTicketSignature(fresh, parsed);
}

interface Verdict {
  /** the admission key to claim, or null with `reason` when the door refuses */
  day: string | null;
  reason: CheckinResult;
  ticketId: number | null;
  ticketName: string | null;
}

/**
 * What a scan means, reading only (no lock, no transaction): the signature is checked in
 * memory with the cached event key, then one query reads the ticket (a second one only for
 * a token that is no longer any ticket's). The claim itself is decided by recordScan.
 */
async function judgeScan(
  door: DoorCaches,
  db: DbOrTx,
  device: Device,
  token: string,
  at: Date,
): Promise<Verdict> {
  const none = (reason: CheckinResult): Verdict => ({ reason, day: null, ticketId: null, ticketName: null });
  const parsed = parseTicketToken(token);
  if (!parsed) return none(CHECKIN_RESULT.unknown);
  if (!(await signedByEvent(door.publicKeys, db, parsed))) return none(CHECKIN_RESULT.unknown);
  if (parsed.eventId !== device.eventId) return none(CHECKIN_RESULT.wrongEvent);

  const ticket = await findTicketByToken(db, token);
  if (!ticket) {
    const revoked = await findRevokedToken(db, token);
    if (!revoked) return none(CHECKIN_RESULT.unknown);
    return {
      reason: CHECKIN_RESULT.revoked,
      day: null,
      ticketId: revoked.ticketId,
      ticketName: await ticketTypeName(db, parsed.ticketTypeId, device.eventId),
    };
  }
  const base = { ticketId: ticket.id, ticketName: ticket.ticketName };
  const decision = doorDecision(
    {
      state: ticket.state,
      eventStatus: ticket.eventStatus,
      eventEndsAt: ticket.eventEndsAt,
      timezone: ticket.timezone,
      validity: validityOf(ticket),
    },
    at,
  );
  return decision.ok
    ? { ...base, day: decision.day, reason: CHECKIN_RESULT.ok }
    : { ...base, day: null, reason: decision.reason };
}

/**
 * What the door rule needs of an event, from its signed token claims: time zone, dates and
 * the admission days of each ticket type and session. Kept in memory for
 * EVENT_FACTS_TTL_MS (an edit of event dates or a type's period days reaches the door within
 * that time); the states that can change at any moment (ticket canceled, event cancelled,
 * token replaced) are read by the scan statement itself, never from here.
 */
export const EVENT_FACTS_TTL_MS = 5_000;
interface EventFacts {
  startsAt: Date;
  endsAt: Date;
  timezone: string;
  types: Map<number, { name: string; periodDays: string[] }>;
  sessions: Map<number, string>;
  /** ticketValidity per "type:session", computed on first use (it depends only on the above) */
  validity: Map<string, TicketValidity>;
}

function validityFromFacts(
  facts: EventFacts,
  typeId: number,
  sessionId: number | null,
  periodDays: string[],
  sessionDate: string | null,
): TicketValidity {
  const key = `${typeId}:${sessionId ?? 0}`;
  let v = facts.validity.get(key);
  if (!v) {
    v = ticketValidity({
      periodDays,
      sessionDate,
      eventStartsAt: facts.startsAt,
      eventEndsAt: facts.endsAt,
      timezone: facts.timezone,
    });
    facts.validity.set(key, v);
  }
  return v;
}
/** The event's facts from `cache`, read again once they are older than EVENT_FACTS_TTL_MS at `now`. */
async function eventFacts(
  cache: DoorCaches['eventFacts'],
  db: DbOrTx,
  eventId: number,
  now: Date,
): Promise<EventFacts | null> {
  const hit = cache.get(eventId, now.getTime());
  if (hit !== undefined) return hit;
  const event = await findEvent(db, eventId);
  let facts: EventFacts | null = null;
  if (event) {
    const [types, sessions] = await Promise.all([
      ticketTypesOfEvent(db, eventId),
      sessionsOfEvent(db, eventId),
    ]);
    facts = {
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      timezone: event.timezone,
      types: new Map(
        types.map((t) => [
          t.id,
          { name: t.name, periodDays: Array.isArray(t.periodDays) ? (t.periodDays as string[]) : [] },
        ]),
      ),
      sessions: new Map(sessions.map((x) => [x.id, x.date])),
      validity: new Map(),
    };
  }
  cache.set(eventId, facts, now.getTime());
  return facts;
}

/**
 * The one-round-trip scan: the admission day comes from the token's claims and the cached
 * event facts (the same doorDecision rule), the rest from recordScanByToken. Answers
 * undefined when the general path must judge it (claims the cache does not know yet, or a
 * ticket row that does not carry its token's claims).
 *
 * No signature check here (it was a tenth of a scan's CPU): the statement finds the ticket
 * by its exact token and admits only when the row carries the token's claims, so a forged
 * token can only come out `unknown`, as the general path would answer. Signatures matter
 * where there is no database: offline scanners and the public /check page.
 */
async function fastScan(
  door: DoorCaches,
  db: Db,
  device: Device,
  scan: { token: string; nonce: string },
  tokenHash: string,
  at: Date,
  offline: boolean,
): Promise<{ outcome: RecordScanOutcome; ticketName: string | null; day: string | null } | undefined> {
  const parsed = parseTicketToken(scan.token);
  if (!parsed || parsed.eventId !== device.eventId) return undefined;
  // the cache ages by the server's clock, not by the scan time (an offline upload is in the past)
  const facts = await eventFacts(door.eventFacts, db, parsed.eventId, new Date());
  const type = facts?.types.get(parsed.ticketTypeId);
  const sessionDate = parsed.sessionId === null ? null : facts?.sessions.get(parsed.sessionId);
  if (!facts || !type || sessionDate === undefined) return undefined;
  const decision = doorDecision(
    {
      state: 'active',
      eventStatus: 'published',
      eventEndsAt: facts.endsAt,
      timezone: facts.timezone,
      validity: validityFromFacts(facts, parsed.ticketTypeId, parsed.sessionId, type.periodDays, sessionDate),
    },
    at,
  );
  const day = decision.ok ? decision.day : null;
  const outcome = await recordScanByToken(db, {
    deviceId: device.id,
    deviceKeyHash: device.keyHash,
    nonce: scan.nonce,
    tokenHash,
    token: scan.token,
    eventId: parsed.eventId,
    ticketTypeId: parsed.ticketTypeId,
    sessionId: parsed.sessionId,
    day,
    reason: decision.ok ? CHECKIN_RESULT.ok : decision.reason,
    scannedAt: at,
    offline,
  });
  if (outcome.deviceOk && outcome.mismatch) return undefined;
  const ticketName = outcome.result === CHECKIN_RESULT.unknown ? null : type.name;
  return { outcome, ticketName, day };
}

/**
 * Checks a scanned token in at a door device at `at` (the scan time: now online, the
 * original time for offline uploads). Idempotent per device nonce: a retry answers the
 * first result and records nothing new; the same nonce with another token is a 409.
 * Exactly one of any number of concurrent scans of one ticket on one day is `ok`.
 *
 * One round trip on the hot path: device, event key and event facts come from memory, the
 * signature is checked in Node, and one statement reads the ticket, claims the admission
 * and records the scan (recordScanByToken). Anything unusual takes the general path: one
 * read of the ticket, then one statement (recordScan).
 */
export async function checkInTicket(
  door: DoorCaches,
  db: Db,
  device: Device,
  scan: { token: string; nonce: string },
  at: Date,
  opts: { offline?: boolean } = {},
): Promise<CheckinAnswer> {
  const offline = opts.offline ?? false;
  const tokenHash = sha256(scan.token);
  const fast = await fastScan(door, db, device, scan, tokenHash, at, offline);
  let outcome: RecordScanOutcome;
  let ticketName: string | null;
  let day: string | null;
  if (fast) {
    ({ outcome, ticketName, day } = fast);
  } else {
    const verdict = await judgeScan(door, db, device, scan.token, at);
    outcome = await recordScan(db, {
      deviceId: device.id,
      deviceKeyHash: device.keyHash,
      nonce: scan.nonce,
      tokenHash,
      ticketId: verdict.ticketId,
      day: verdict.day,
      reason: verdict.reason,
      scannedAt: at,
      offline,
    });
    ticketName = verdict.ticketName;
    day = verdict.day;
  }
  if (!outcome.deviceOk) {
    door.devices.delete(device.keyHash);
    throw checkinErrors.invalidDeviceKey();
  }
  if (outcome.result === null) {
    // The nonce was used before: undo a claim a concurrent scan of another token made.
    if (outcome.checkinId !== null) await deleteCheckin(db, outcome.checkinId);
    const prev = await findScan(db, device.id, scan.nonce);
    if (!prev || prev.tokenHash !== tokenHash) {
      throw checkinErrors.nonceReused();
    }
    return {
      result: prev.result as CheckinResult,
      ok: prev.result === CHECKIN_RESULT.ok,
      ticket_name: prev.ticketName ?? null,
      day: prev.result === CHECKIN_RESULT.ok ? (prev.day ?? null) : null,
      scanned_at: prev.scannedAt.toISOString(),
      replay: true,
    };
  }
  const result = outcome.result as CheckinResult;
  return {
    result,
    ok: result === CHECKIN_RESULT.ok,
    ticket_name: ticketName,
    day: result === CHECKIN_RESULT.ok ? day : null,
    scanned_at: at.toISOString(),
    replay: false,
  };
}

/** How far back an offline scan may be uploaded, and how far ahead of the server clock. */
export const OFFLINE_MAX_AGE_MS = 30 * 24 * 3600_000;
export const OFFLINE_MAX_SKEW_MS = 5 * 60_000;

/**
 * Uploads the scans a device admitted while offline, each judged at its original time with
 * its original nonce (so re-uploading a batch changes nothing). Throws 400 when a scan time
 * is in the future or too old; nothing is recorded then.
 */
export async function uploadOfflineCheckins(
  door: DoorCaches,
  db: Db,
  device: Device,
  scans: { token: string; nonce: string; scanned_at: string }[],
  now: Date,
): Promise<(CheckinAnswer & { nonce: string })[]> {
  const fieldErrors: Record<string, string[]> = {};
  scans.forEach((s, i) => {
    const t = new Date(s.scanned_at).getTime();
    if (t > now.getTime() + OFFLINE_MAX_SKEW_MS || t < now.getTime() - OFFLINE_MAX_AGE_MS) {
      fieldErrors[`scans.${i}.scanned_at`] = ['checkin.scan_time_invalid'];
    }
  });
  if (Object.keys(fieldErrors).length) {
    throw checkinErrors.scanTimeInvalid({}, { fieldErrors });
  }
  const out: (CheckinAnswer & { nonce: string })[] = [];
  for (const s of scans) {
    try {
      const answer = await checkInTicket(door, db, device, s, new Date(s.scanned_at), { offline: true });
      out.push({ ...answer, nonce: s.nonce });
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== checkinErrors.nonceReused.spec.code) throw e;
      out.push({
        result: CHECKIN_RESULT.unknown,
        ok: false,
        ticket_name: null,
        day: null,
        scanned_at: s.scanned_at,
        replay: true,
        nonce: s.nonce,
      });
    }
  }
  return out;
}

/**
 * What a scanner needs to check tickets of its event without the network: the event's
 * Ed25519 public key, the admission days of each ticket type and session, and the list of
 * tokens that no longer admit (replaced by a transfer, or canceled).
 */
export async function buildOfflinePack(db: Db, device: Device, now: Date) {
  const event = await findEvent(db, device.eventId);
  if (!event) throw checkinErrors.eventNotFound();
  const key = await db.transaction((tx) => ensureEventSigningKey(tx, event.id));
  const types = await ticketTypesOfEvent(db, event.id);
  const sessions = await sessionsOfEvent(db, event.id);
  const revoked = await revocationListOfEvent(db, event.id);
  return {
    event_id: event.id,
    event_slug: event.slug,
    timezone: event.timezone,
    starts_at: event.startsAt.toISOString(),
    ends_at: event.endsAt.toISOString(),
    event_day_cutoff_hours: EVENT_DAY_CUTOFF_HOURS,
    algorithm: 'Ed25519' as const,
    public_key: key.publicKey,
    public_key_jwk: { kty: 'OKP' as const, crv: 'Ed25519' as const, x: key.publicKey },
    token_format:
      'BT1.<event_id>.<ticket_type_id>.<session_id|0>.<nonce b64url 12 bytes>.<Ed25519 signature b64url of everything before the last dot>',
    ticket_types: types.map((t) => {
      const v = ticketValidity({
        periodDays: Array.isArray(t.periodDays) ? t.periodDays : [],
        sessionDate: null,
        eventStartsAt: event.startsAt,
        eventEndsAt: event.endsAt,
        timezone: event.timezone,
      });
      return { id: t.id, name: t.name, days: v.days, per_day: v.perDay };
    }),
    sessions,
    revoked,
    generated_at: now.toISOString(),
  };
}

/**
 * Validity of a scanned token for staff (/check/:uuid): status, event and ticket names and
 * used days; never who holds it. Public: forging a token is infeasible, so this reveals
 * nothing a QR image did not already show.
 */
export async function publicTicketCheck(
  keys: EventPublicKeyCache,
  db: Db,
  token: string,
  now: Date,
): Promise<PublicTicketCheck> {
  const unknown: PublicTicketCheck = {
    valid_signature: false,
    name: 'unknown',
    event_name: null,
    ticket_name: null,
    days: [],
    used_days: [],
  };
  if (token.length > MAX_TOKEN_LENGTH) return unknown;
  const parsed = parseTicketToken(token);
  if (!parsed) return unknown;
  if (!(await signedByEvent(keys, db, parsed))) return unknown;
  const event = await findEvent(db, parsed.eventId);
  const ticket = await findTicketByToken(db, token);
  if (!ticket) {
    const revoked = await findRevokedToken(db, token);
    return {
      ...unknown,
      valid_signature: true,
      name: revoked ? 'revoked' : 'unknown',
      event_name: event?.name ?? null,
      ticket_name: await ticketTypeName(db, parsed.ticketTypeId, parsed.eventId),
    };
  }
  const usedDays = await checkinDaysOfTicket(db, ticket.id);
  return {
    valid_signature: true,
    name: statusOf(ticket, usedDays, now),
    event_name: ticket.eventName,
    ticket_name: ticket.ticketName,
    days: validityOf(ticket).days,
    used_days: usedDays,
  };
}
