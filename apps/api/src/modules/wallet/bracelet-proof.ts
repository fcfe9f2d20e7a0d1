import type { DbOrTx } from '../../db/client';
import { safeEqual, sha256 } from '../../lib/crypto';
import { hitLimit, releaseHit } from '../../lib/rate-limit';
import { walletErrors } from './wallet.errors';

/**
 * Link attempts per customer and per client IP per hour (issue 23 item 3). Every attempt is
 * counted before it runs (so parallel guesses cannot overtake the counter) and a success
 * gives its count back: only failures add up. Past the limit everything is refused, the
 * right secret included, so the 429 tells nothing about the bracelet. The IP allows more
 * than one customer's share because a festival's guests often sit behind one mobile NAT.
 */
export const BRACELET_LINK_LIMITS = {
  perCustomer: { max: 10, windowSeconds: 3600 },
  perIp: { max: 30, windowSeconds: 3600 },
} as const;

/** What the customer gave to show the bracelet is in their hands. */
export interface BraceletProof {
  /** secret printed inside the bracelet, normalised (upper case, no separators) */
  secret?: string;
  /** NFC UID read by the phone, normalised (upper-case hex, no separators) */
  uid?: string;
}

/** Salted with the UID so equal secrets on two bracelets never share a hash. */
export const hashBraceletSecret = (uid: string, secret: string): string =>
  sha256(`bracelet-secret:${uid}:${secret}`);

/**
 * True when the proof matches the bracelet. Without a bracelet it still hashes and
 * compares, so an unknown code costs the same time as a wrong secret.
 */
export function proofMatches(
  bracelet: { uid: string; secretHash: string | null } | undefined,
  proof: BraceletProof,
): boolean {
  const uid = (bracelet?.uid ?? '').replace(/[\s:-]/g, '').toUpperCase();
  const given = proof.secret === undefined ? null : hashBraceletSecret(bracelet?.uid ?? '', proof.secret);
  const secretOk = given !== null && safeEqual(given, bracelet?.secretHash ?? '');
  const uidOk = proof.uid !== undefined && uid !== '' && safeEqual(proof.uid, uid);
  return secretOk || uidOk;
}

/** Unknown code, wrong secret or UID, and someone else's bracelet all answer this. */
export const braceletNoMatch = () => walletErrors.braceletNoMatch();

const limitKeys = (customerId: number, ip: string) => ({
  customer: `bracelet-link:customer:${customerId}`,
  ip: `bracelet-link:ip:${ip}`,
});

/**
 * Runs one link attempt under the per-customer and per-IP limits: 429 once either is
 * exhausted; a successful attempt is not counted. The counters live outside the attempt's
 * transaction, so a rolled-back failure still counts.
 */
export async function withLinkAttemptLimit<T>(
  db: DbOrTx,
  customerId: number,
  ip: string,
  now: Date,
  attempt: () => Promise<T>,
): Promise<T> {
  const keys = limitKeys(customerId, ip);
  await hitLimit(db, { key: keys.customer, ...BRACELET_LINK_LIMITS.perCustomer }, now);
  await hitLimit(db, { key: keys.ip, ...BRACELET_LINK_LIMITS.perIp }, now);
  const result = await attempt();
  await releaseHit(db, keys.customer);
  await releaseHit(db, keys.ip);
  return result;
}
