import type { DbOrTx } from '../../db/client';
import { randomDigits, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { identityErrors } from './identity.errors';
import {
  consumeCode,
  consumeLinkToken,
  countAttempt,
  expireLiveCodes,
  findLatestCode,
  findLinkTokenAnyState,
  findLiveLinkToken,
  insertCode,
  type OneTimeCodeRow,
} from './one-time-code.repository';

/** Purposes a code or link is bound to: a code of one purpose never works for another. */
export type CodePurpose = 'sms_activation' | 'email_confirm' | 'password_reset' | 'impersonation';

export const SMS_CODE_TTL_MS = 10 * 60_000;
export const SMS_CODE_MAX_ATTEMPTS = 5;

/** The stored hash binds the code to its purpose and recipient. */
const codeHash = (purpose: string, target: string, code: string) => sha256(`${purpose}:${target}:${code}`);

/**
 * Issues a 6-digit SMS code (10 minutes, 5 tries, single use), ending older live codes of
 * the same target and purpose. Answers the code in clear for the message only.
 */
export async function issueSmsCode(
  db: DbOrTx,
  input: { customerId: number; target: string; purpose: CodePurpose },
  now: Date,
): Promise<string> {
  const code = randomDigits(6);
  await expireLiveCodes(db, input.target, input.purpose, now);
  await insertCode(db, {
    customerId: input.customerId,
    target: input.target,
    purpose: input.purpose,
    codeHash: codeHash(input.purpose, input.target, code),
    expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
  });
  return code;
}

/** When the newest code of this target and purpose was sent (for the resend cool-down). */
export async function lastCodeSentAt(
  db: DbOrTx,
  target: string,
  purpose: CodePurpose,
): Promise<Date | undefined> {
  return (await findLatestCode(db, target, purpose))?.createdAt;
}

/**
 * Checks an SMS code. Every try counts (atomically) before the comparison; the code dies
 * after 5 wrong tries, after 10 minutes and once used. Throws 422 code_expired,
 * code_locked or code_invalid (with the tries left).
 */
export async function verifySmsCode(
  db: DbOrTx,
  input: { target: string; purpose: CodePurpose; code: string },
  now: Date,
): Promise<OneTimeCodeRow> {
  const latest = await findLatestCode(db, input.target, input.purpose);
  if (!latest || latest.usedAt || latest.expiresAt <= now) {
    throw identityErrors.codeExpired();
  }
  if (latest.attempts >= SMS_CODE_MAX_ATTEMPTS) throw identityErrors.codeLocked();
  const counted = await countAttempt(db, latest.id, SMS_CODE_MAX_ATTEMPTS, now);
  if (!counted) throw identityErrors.codeLocked();
  if (!safeEqual(counted.codeHash, codeHash(input.purpose, input.target, input.code))) {
    const remaining = SMS_CODE_MAX_ATTEMPTS - counted.attempts;
    if (remaining <= 0) throw identityErrors.codeLocked();
    throw identityErrors.codeInvalid(
      { remaining },
      {
        fieldErrors: {
          code: ['identity.code.invalid'],
        },
      },
    );
  }
  if (!(await consumeCode(db, counted.id, now))) throw identityErrors.codeExpired();
  return counted;
}

/** Issues a single-use link token (stored as SHA-256), ending older live ones of the same target. */
export async function issueLinkToken(
  db: DbOrTx,
  input: {
    customerId: number;
    target: string;
    purpose: CodePurpose;
    ttlMs: number;
    data?: Record<string, unknown>;
  },
  now: Date,
): Promise<string> {
  const token = randomToken();
  await expireLiveCodes(db, input.target, input.purpose, now);
  await insertCode(db, {
    customerId: input.customerId,
    target: input.target,
    purpose: input.purpose,
    codeHash: sha256(token),
    expiresAt: new Date(now.getTime() + input.ttlMs),
    data: input.data,
  });
  return token;
}

/**
 * Checks a link token without using it up (a cheap read before costly work); throws 400
 * link_invalid for an unknown, used or expired one. useLinkToken still decides, atomically.
 */
export async function checkLinkToken(
  db: DbOrTx,
  token: string,
  purpose: CodePurpose,
  now: Date,
): Promise<OneTimeCodeRow & { customerId: number }> {
  const row = await findLiveLinkToken(db, sha256(token), purpose, now);
  if (!row || row.customerId === null) throw identityErrors.linkInvalid();
  return row as OneTimeCodeRow & { customerId: number };
}

/** What became of a link token: still usable, used, expired, or never issued for this purpose. */
export type LinkTokenState = 'live' | 'used' | 'expired' | 'unknown';

export async function linkTokenState(
  db: DbOrTx,
  token: string,
  purpose: CodePurpose,
  now: Date,
): Promise<{ state: LinkTokenState; row?: OneTimeCodeRow }> {
  const row = await findLinkTokenAnyState(db, sha256(token), purpose);
  if (!row || row.customerId === null) return { state: 'unknown' };
  if (row.usedAt) return { state: 'used', row };
  if (row.expiresAt.getTime() <= now.getTime()) return { state: 'expired', row };
  return { state: 'live', row };
}

/** Consumes a live link token of this purpose; throws 400 link_invalid otherwise. */
export async function useLinkToken(
  db: DbOrTx,
  token: string,
  purpose: CodePurpose,
  now: Date,
): Promise<OneTimeCodeRow & { customerId: number }> {
  const row = await consumeLinkToken(db, sha256(token), purpose, now);
  if (!row || row.customerId === null) throw identityErrors.linkInvalid();
  return row as OneTimeCodeRow & { customerId: number };
}
