import {
  EVENT_DAY_CUTOFF_HOURS,
  ticketValidity,
  type CheckinListRule,
} from '@bilheteira/shared/ticket-status';
import type { PublicTicketCheck } from '@bilheteira/shared/schemas/tickets';
import type { Db, DbOrTx } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { checkinErrors } from './checkin.errors';
import { Cache } from '../../lib/cache';
import { guardKeyAttempt, type KeyGuardState } from '../../lib/key-guard';
import {
  ensureEventSigningKey,
  findEventPublicKey,
  type EventPublicKeyCache,
} from '../tickets/tickets.service';
import {
  parseTicketToken,
  verifyTicketSignature,
  MAX_TOKEN_LENGTH,
  type ParsedTicketToken,
} from '../tickets/ticket-token';
import { statusOf, validityOf } from '../tickets/ticket-facts';
import { findRevokedToken, findTicketByToken, revocationListOfEvent } from '../tickets/tickets.service';
import {
  checkinDaysOfTicket,
  findDeviceByKeyHash,
  findEvent,
  sessionsOfEvent,
  ticketTypeName,
  ticketTypesOfEvent,
} from './checkin.repository';
import { EVENT_FACTS_TTL_MS, type EventFacts } from './event-facts';
import './checkin.messages';

export interface Device {
  id: number;
  eventId: number;
  name: string;
  /** SHA-256 of the device key: the scan statement re-checks it, so a rotated key records nothing */
  keyHash: string;
  /** the check-in list it admits by (door-lists.admin.service.ts); null: every valid ticket */
  list: DeviceList | null;
}

export interface DeviceList extends CheckinListRule {
  id: number;
  name: string;
  gate: string;
}

/**
 * Door devices by key hash, kept in memory for DEVICE_CACHE_TTL_MS so a scan does not read
 * the device table. Revocation still takes effect at once for writes: every scan statement
 * re-checks (device id, key hash) in the database and records nothing, answering 401 and
 * dropping the entry, when the key was rotated or the device removed; other instances drop
 * their entry on their next scan of that device, or after the TTL at the latest. A change
 * of the device's check-in list drops this instance's entry at once; others read it again
 * after the TTL.
 */
export const DEVICE_CACHE_TTL_MS = 5_000;
const DEVICE_CACHE_MAX = 10_000;

/** What the door keeps in memory, owned by the app (`app.caches.door`, caches.ts). */
export function createDoorCaches(keyGuard: KeyGuardState, publicKeys: EventPublicKeyCache) {
  return {
    devices: new Cache<string, Device>('door devices by key hash', DEVICE_CACHE_TTL_MS, DEVICE_CACHE_MAX),
    eventFacts: new Cache<number, EventFacts | null>(
      'door event facts',
      EVENT_FACTS_TTL_MS,
      DEVICE_CACHE_MAX,
    ),
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
export async function signedByEvent(
  keys: EventPublicKeyCache,
  db: DbOrTx,
  parsed: ParsedTicketToken,
): Promise<boolean> {
  const cached = await findEventPublicKey(keys, db, parsed.eventId);
  if (cached && verifyTicketSignature(cached, parsed)) return true;
  const fresh = await findEventPublicKey(keys, db, parsed.eventId, { fresh: true });
  return !!fresh && fresh !== cached && verifyTicketSignature(fresh, parsed);
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
    list: device.list
      ? {
          id: device.list.id,
          name: device.list.name,
          gate: device.list.gate,
          ticket_type_ids: [...device.list.ticketTypeIds],
          session_ids: [...device.list.sessionIds],
          days: [...device.list.days],
        }
      : null,
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
