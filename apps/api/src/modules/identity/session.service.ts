import type { DbOrTx } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { findLiveSession, insertSession, revokeSession } from './session.repository';

/** Sessions last 30 days; a customer can end them at logout, reset or erasure. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** Creates a session and returns the bearer token (only its hash is stored). */
export async function createSession(
  db: DbOrTx,
  customerId: number,
  now: Date,
  opts: { impersonatedBy?: string; ttlMs?: number } = {},
): Promise<string> {
  const token = randomToken();
  await insertSession(db, {
    customerId,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + (opts.ttlMs ?? SESSION_TTL_MS)),
    impersonatedBy: opts.impersonatedBy ?? null,
  });
  return token;
}

/** The customer behind a bearer token, if the session is live and the customer not erased. */
export async function resolveSession(db: DbOrTx, token: string, now: Date) {
  return findLiveSession(db, sha256(token), now);
}

export async function endSession(db: DbOrTx, token: string, now: Date): Promise<void> {
  await revokeSession(db, sha256(token), now);
}
