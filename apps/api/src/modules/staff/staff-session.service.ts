/**
 * Back-office sessions: an opaque token in an httpOnly, SameSite=Strict cookie (stored as
 * SHA-256), revocable and listed per user. A session that has only the password lasts
 * minutes; the second factor makes it a working session of STAFF_SESSION_TTL_MS.
 */
import { randomToken, sha256 } from '../../lib/crypto';
import type { DbOrTx } from '../../db/client';
import { findLiveStaffSession, insertStaffSession, touchStaffSession } from './staff.repository';

export const STAFF_COOKIE = 'bh_staff';
export const STAFF_SESSION_TTL_MS = 12 * 3600_000;
/** time to give the second factor after the password */
export const PARTIAL_SESSION_TTL_MS = 10 * 60_000;
/** lastSeenAt is written at most this often */
const TOUCH_EVERY_MS = 60_000;

/**
 * The CSRF token of a session: derived from its secret, so it needs no storage and is
 * worthless without the session. The back office sends it as X-CSRF-Token on every change.
 */
export const csrfTokenOf = (sessionToken: string): string => sha256(`csrf:${sessionToken}`).slice(0, 43);

export async function startStaffSession(
  db: DbOrTx,
  input: { userId: number; userAgent: string; ip: string; secondFactorDone: boolean },
  now: Date,
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(
    now.getTime() + (input.secondFactorDone ? STAFF_SESSION_TTL_MS : PARTIAL_SESSION_TTL_MS),
  );
  const sessionId = await insertStaffSession(db, {
    userId: input.userId,
    tokenHash: sha256(token),
    secondFactorAt: input.secondFactorDone ? now : null,
    userAgent: input.userAgent.slice(0, 300),
    ip: input.ip,
    expiresAt,
    lastSeenAt: now,
  });
  return { token, sessionId, expiresAt };
}

/** The live session of a cookie token and its user; touches lastSeenAt now and then. */
export async function resolveStaffSession(db: DbOrTx, token: string, now: Date) {
  const found = await findLiveStaffSession(db, sha256(token), now);
  if (found && now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
    await touchStaffSession(db, found.session.id, { lastSeenAt: now });
  return found;
}

/** The second factor was given: the session becomes a working one. */
export async function completeSecondFactor(db: DbOrTx, sessionId: number, now: Date): Promise<Date> {
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_TTL_MS);
  await touchStaffSession(db, sessionId, { secondFactorAt: now, lastSeenAt: now, expiresAt });
  return expiresAt;
}
