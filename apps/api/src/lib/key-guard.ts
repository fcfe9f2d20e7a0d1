import type { DbOrTx } from '../db/client';
import { Cache } from './cache';
import { sha256 } from './crypto';
import { countHit, rateLimited, readCounter } from './rate-limit';

/** The key-protected doors of the API; each kind counts its own failures per client IP. */
export type KeyKind = 'operator' | 'door' | 'station' | 'api';

/**
 * Distinct wrong keys one client IP may try per window before every key of that kind, right
 * or wrong, answers 429 from it. Distinct: a device that keeps retrying with its one revoked
 * key is not guessing, and must not lock out the other devices behind the venue's address.
 */
export const KEY_FAILURE_LIMITS: Record<KeyKind, { prefix: string; max: number; windowSeconds: number }> = {
  operator: { prefix: 'operator:fail', max: 10, windowSeconds: 15 * 60 },
  door: { prefix: 'checkin:bad-key', max: 20, windowSeconds: 5 * 60 },
  station: { prefix: 'station:bad-key', max: 20, windowSeconds: 5 * 60 },
  /** organisers' integration API keys (/api/v1) */
  api: { prefix: 'api-key:bad-key', max: 20, windowSeconds: 5 * 60 },
};
/** The same wrong key repeated answers 429 after this many tries in the window (that key only). */
export const SAME_WRONG_KEY_MAX = 120;

/**
 * How long an instance trusts "this IP is not locked out" for a right key (door scans and till
 * batches would otherwise read the counter on every request); a lockout reaches right keys on
 * every instance within this time.
 */
const NOT_LOCKED_TTL_MS = 1_000;
const NOT_LOCKED_MAX = 10_000;

/** What one app remembers between key checks (`app.caches.keyGuard`). */
export function createKeyGuardState() {
  return {
    /** counters known not to be locked out */
    notLocked: new Cache<string, true>('key guard: not locked out', NOT_LOCKED_TTL_MS, NOT_LOCKED_MAX),
    /** counter reads in flight, so a burst of requests from one till shares one read */
    reading: new Map<string, ReturnType<typeof readCounter>>(),
  };
}
export type KeyGuardState = ReturnType<typeof createKeyGuardState>;

/**
 * Call on every request to a key-protected route once the key is known to be right or wrong,
 * before answering. A wrong key is counted for its client IP (`ip` from clientIp) and throws
 * 429 once the IP tried too many distinct keys; the caller throws its own 401/403 otherwise.
 * While the IP is locked out a right key also gets 429, so the answers never tell a right key
 * from a wrong one (no oracle).
 */
export async function guardKeyAttempt(
  state: KeyGuardState,
  db: DbOrTx,
  kind: KeyKind,
  ip: string,
  key: string | null | undefined,
  right: boolean,
  now: Date,
): Promise<void> {
  const { notLocked, reading } = state;
  const limit = KEY_FAILURE_LIMITS[kind];
  const counter = `${limit.prefix}:${ip}`;
  if (right) {
    if (notLocked.get(counter, now.getTime())) return;
    // a burst of requests from one till shares one read of the counter
    let read = reading.get(counter);
    if (!read) {
      read = readCounter(db, counter, now).finally(() => reading.delete(counter));
      reading.set(counter, read);
    }
    const state = await read;
    if (state && state.count > limit.max) throw rateLimited(state.resetAt, now);
    notLocked.set(counter, true, now.getTime());
    return;
  }
  notLocked.delete(counter);
  const window = { windowSeconds: limit.windowSeconds };
  // one row per (kind, IP, wrong key), holding only a hash prefix of the key
  const sameKey = `key-seen:${kind}:${ip}:${sha256(key ?? '').slice(0, 16)}`;
  const same = await countHit(db, { key: sameKey, ...window }, now);
  if (same.count > SAME_WRONG_KEY_MAX) throw rateLimited(same.resetAt, now);
  const distinct =
    same.count === 1
      ? await countHit(db, { key: counter, ...window }, now)
      : await readCounter(db, counter, now);
  if (distinct && distinct.count > limit.max) throw rateLimited(distinct.resetAt, now);
}
