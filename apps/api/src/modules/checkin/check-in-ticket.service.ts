/**
 * The door scan: one path for every scan, online or uploaded from offline, batched or not.
 * The door rule (packages/shared doorDecision) gives the admission day or the refusal in
 * Node; the write, with the states that can change at any moment (ticket canceled, event
 * cancelled, token replaced), is the database function checkin_scan_batch alone
 * (db/functions/checkin_scan_batch.sql, through recordScan).
 */
import {
  CHECKIN_RESULT,
  doorDecision,
  eventDay,
  listAdmits,
  type CheckinResult,
} from '@bilheteira/shared/ticket-status';
import type { CheckinAnswer } from '@bilheteira/shared/schemas/tickets';
import type { Db } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import type { Locale } from '@bilheteira/shared/locales';
import { translate } from '../../i18n/messages';
import { AppError } from '../../lib/errors';
import { parseTicketToken, type ParsedTicketToken } from '../tickets/ticket-token';
import { validityOf } from '../tickets/ticket-facts';
import { findTicketByToken } from '../tickets/tickets.service';
import { checkinErrors } from './checkin.errors';
import {
  deleteCheckin,
  findScan,
  findFirstCheckin,
  recordScan,
  ticketTypeName,
  type ScanRecordInput,
} from './checkin.repository';
import { signedByEvent, type Device, type DoorCaches } from './checkin.service';
import { eventFacts, validityFromFacts } from './event-facts';

/** What the scan records, decided before the write; the write adds the ticket's current state. */
interface Judgement {
  /** the token to read the ticket by, and the claims its row must carry; null: no ticket to read */
  ticket: Pick<ScanRecordInput, 'token' | 'eventId' | 'ticketTypeId' | 'sessionId'>;
  /** the admission key to claim, or null with `reason` when the door refuses */
  day: string | null;
  reason: CheckinResult;
  /** the name answered unless the scan comes out `unknown` (a revoked token's from its type) */
  ticketName: () => Promise<string | null>;
}

const noTicket = (reason: CheckinResult): Judgement => ({
  ticket: { token: null, eventId: null, ticketTypeId: null, sessionId: null },
  day: null,
  reason,
  ticketName: async () => null,
});

const claimsOf = (token: string, parsed: ParsedTicketToken): Judgement['ticket'] => ({
  token,
  eventId: parsed.eventId,
  ticketTypeId: parsed.ticketTypeId,
  sessionId: parsed.sessionId,
});

/**
 * The device's check-in list over the door rule's judgement: a ticket the rule admits but the
 * list does not (another type, session or day) is `not_on_list`. Both judgements end here.
 */
function byList(device: Device, j: Judgement, at: Date, timezone: string): Judgement {
  const list = device.list;
  if (!list || j.day === null || j.ticket.ticketTypeId === null) return j;
  const t = {
    ticketTypeId: j.ticket.ticketTypeId,
    sessionId: j.ticket.sessionId,
    today: eventDay(at, timezone),
  };
  return listAdmits(list, t) ? j : { ...j, day: null, reason: CHECKIN_RESULT.notOnList };
}

/**
 * The hot path's judgement, from the token's signed claims and the cached event facts: no
 * read of the ticket. Undefined when the cache does not know the claims (the general path
 * reads the ticket).
 *
 * No signature check here (it was a tenth of a scan's CPU): the write finds the ticket by its
 * exact token and admits only when the row carries the token's claims (else `mismatch`, and
 * the general path judges), so a forged token can only come out `unknown`, as the general
 * path would answer. Signatures matter where there is no database: offline scanners and the
 * public /check page.
 */
async function judgeByClaims(
  door: DoorCaches,
  db: Db,
  device: Device,
  token: string,
  parsed: ParsedTicketToken,
  at: Date,
  now: Date,
): Promise<Judgement | undefined> {
  if (parsed.eventId !== device.eventId) return undefined;
  // the cache ages by the request's time, not by the scan time (an offline upload is in the past)
  const facts = await eventFacts(door.eventFacts, db, parsed.eventId, now);
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
  const judgement: Judgement = {
    ticket: claimsOf(token, parsed),
    day: decision.ok ? decision.day : null,
    reason: decision.ok ? CHECKIN_RESULT.ok : decision.reason,
    ticketName: async () => type.name,
  };
  return byList(device, judgement, at, facts.timezone);
}

/**
 * The general path's judgement: the signature checked with the event's key, then the ticket
 * read by its token, its own row giving the claims and the admission days.
 */
async function judgeByTicket(
  door: DoorCaches,
  db: Db,
  device: Device,
  token: string,
  parsed: ParsedTicketToken | null,
  at: Date,
): Promise<Judgement> {
  if (!parsed) return noTicket(CHECKIN_RESULT.unknown);
  if (!(await signedByEvent(door.publicKeys, db, parsed))) return noTicket(CHECKIN_RESULT.unknown);
  if (parsed.eventId !== device.eventId) return noTicket(CHECKIN_RESULT.wrongEvent);
  const ticket = await findTicketByToken(db, token);
  if (!ticket) {
    // no ticket holds it now: the write answers `revoked` (replaced or canceled) or `unknown`
    return {
      ticket: claimsOf(token, parsed),
      day: null,
      reason: CHECKIN_RESULT.unknown,
      ticketName: () => ticketTypeName(db, parsed.ticketTypeId, device.eventId),
    };
  }
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
  const judgement: Judgement = {
    ticket: {
      token,
      eventId: ticket.eventId,
      ticketTypeId: ticket.ticketTypeId,
      sessionId: ticket.sessionId,
    },
    day: decision.ok ? decision.day : null,
    reason: decision.ok ? CHECKIN_RESULT.ok : decision.reason,
    ticketName: async () => ticket.ticketName,
  };
  return byList(device, judgement, at, ticket.timezone);
}

/** A ticket row changing between the general path's read and its write this often in a row is a bug. */
const GENERAL_PATH_TRIES = 3;

/**
 * Checks a scanned token in at a door device at `at` (the scan time: now online, the
 * original time for offline uploads); `now` is the request's time, by which the door's
 * caches age. Idempotent per device nonce: a retry answers the
 * first result and records nothing new; the same nonce with another token is a 409.
 * Exactly one of any number of concurrent scans of one ticket on one day is `ok`.
 *
 * One round trip on the hot path: device, event key and event facts come from memory and
 * one call reads the ticket, claims the admission and records the scan (recordScan).
 * Anything unusual is judged from the ticket's row first, then recorded by the same call.
 */
export async function checkInTicket(
  door: DoorCaches,
  db: Db,
  device: Device,
  scan: { token: string; nonce: string },
  at: Date,
  now: Date,
  opts: { offline?: boolean } = {},
): Promise<CheckinAnswer> {
  const tokenHash = sha256(scan.token);
  const parsed = parseTicketToken(scan.token);
  const record = (j: Judgement) =>
    recordScan(db, {
      ...j.ticket,
      deviceId: device.id,
      deviceKeyHash: device.keyHash,
      nonce: scan.nonce,
      tokenHash,
      day: j.day,
      reason: j.reason,
      scannedAt: at,
      offline: opts.offline ?? false,
    });

  let judgement = parsed ? await judgeByClaims(door, db, device, scan.token, parsed, at, now) : undefined;
  let outcome = judgement ? await record(judgement) : undefined;
  for (let tries = 0; !outcome || (outcome.deviceOk && outcome.mismatch); tries++) {
    if (tries === GENERAL_PATH_TRIES) throw new Error('checkin: the ticket changed under every scan attempt');
    judgement = await judgeByTicket(door, db, device, scan.token, parsed, at);
    outcome = await record(judgement);
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
      ...listOf(device, prev.result),
    };
  }
  const result = outcome.result as CheckinResult;
  const j = judgement!;
  // the door person asks when and where it was used: one indexed read, only for this answer
  const first =
    result === CHECKIN_RESULT.alreadyUsed && j.ticket.token && j.day
      ? await findFirstCheckin(db, j.ticket.token, j.day)
      : undefined;
  return {
    result,
    ok: result === CHECKIN_RESULT.ok,
    ticket_name: result === CHECKIN_RESULT.unknown ? null : await j.ticketName(),
    day: result === CHECKIN_RESULT.ok ? j.day : null,
    scanned_at: at.toISOString(),
    replay: false,
    ...(first ? { first_checkin: { at: first.scannedAt.toISOString(), gate: first.gate } } : {}),
    ...listOf(device, result),
  };
}

/** not_on_list names the device's list and gate. */
const listOf = (device: Device, result: string) =>
  result === CHECKIN_RESULT.notOnList && device.list
    ? { list: { id: device.list.id, name: device.list.name, gate: device.list.gate } }
    : {};

/** The door person's sentence for the answers that need one (not_on_list), in `locale`. */
export function withMessage<T extends CheckinAnswer>(answer: T, locale: Locale): T {
  if (answer.result !== CHECKIN_RESULT.notOnList || !answer.list) return answer;
  return {
    ...answer,
    message: translate(locale, 'checkin.not_on_list', { list: answer.list.name, gate: answer.list.gate }),
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
      const answer = await checkInTicket(door, db, device, s, new Date(s.scanned_at), now, {
        offline: true,
      });
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
