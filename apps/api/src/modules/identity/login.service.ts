import type { Db } from '../../db/client';
import { identityErrors } from './identity.errors';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { sha256 } from '../../lib/crypto';
import { countHit, hitLimit, readCounter, resetLimit } from '../../lib/rate-limit';
import { findCustomerByMobile } from './customer.repository';
import { isKnownDevice, rememberDevices } from './known-device.repository';
import { createSession } from './session.service';

export const LOGIN_LIMITS = {
  /** attempts on one account from one client IP: the attacker's own address pays, not the owner */
  perClientAccount: { max: 10, windowSeconds: 15 * 60 },
  /** password attempts per client IP */
  perIp: { max: 30, windowSeconds: 15 * 60 },
  /** phone-step lookups per client IP (slows number enumeration) */
  lookupPerIp: { max: 30, windowSeconds: 10 * 60 },
  /** old-password checks per session holder on the account page */
  changePerCustomer: { max: 10, windowSeconds: 15 * 60 },
};

/**
 * Failures on one account from devices that never logged in to it, counted across every IP
 * (a distributed guesser). The first `free` pass; after that each further try from an
 * unknown device waits `firstDelaySeconds`, doubling per failure up to `maxDelaySeconds`
 * (429 with Retry-After meanwhile). Known devices are never slowed down.
 */
export const ACCOUNT_SLOWDOWN = {
  free: 10,
  windowSeconds: 60 * 60,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
};

/** How long a successful login keeps a device known. */
export const KNOWN_DEVICE_DAYS = 180;

/** A device is its browser's Visitor-Id (a random id the web app keeps) or its IP address. */
const deviceHashes = (ip: string, visitorId: string | null) =>
  [`ip:${ip}`, ...(visitorId ? [`visitor:${visitorId}`] : [])].map((d) => sha256(d));

/**
 * Slows down a distributed guesser on one account without refusing its owner's known
 * devices: past ACCOUNT_SLOWDOWN.free failures, one try per growing delay (429 otherwise).
 */
async function slowDownUnknownDevice(db: Db, mobile: string, now: Date): Promise<void> {
  const failures = (await readCounter(db, `login:acct:${mobile}`, now))?.count ?? 0;
  if (failures < ACCOUNT_SLOWDOWN.free) return;
  const delay = Math.min(
    ACCOUNT_SLOWDOWN.firstDelaySeconds * 2 ** (failures - ACCOUNT_SLOWDOWN.free),
    ACCOUNT_SLOWDOWN.maxDelaySeconds,
  );
  await hitLimit(db, { key: `login:acct-wait:${mobile}`, max: 1, windowSeconds: delay }, now);
}

/** Phone step: whether the number has an account (to offer registration otherwise). */
export async function lookupMobile(db: Db, mobile: string, ip: string, now: Date): Promise<boolean> {
  await hitLimit(db, { key: `login-mobile:ip:${ip}`, ...LOGIN_LIMITS.lookupPerIp }, now);
  const customer = await findCustomerByMobile(db, mobile);
  return !!customer && customer.status !== 'erased';
}

/**
 * Password step. Throws 401 invalid_credentials with the same answer and the same cost
 * (a dummy argon2 check) whether the number is unknown or the password wrong.
 * Throws 429 past the attempts per IP or per (IP, account), and, for a device that never
 * logged in to this account, while the account is slowed down by failures from elsewhere
 * (ACCOUNT_SLOWDOWN). Unknown numbers are counted exactly like accounts.
 */
export async function loginWithPassword(
  db: Db,
  input: { mobile: string; password: string; ip: string; visitorId?: string | null },
  now: Date,
): Promise<{ token: string; customerId: number }> {
  const clientAccountKey = `login:ip-acct:${input.ip}:${input.mobile}`;
  await hitLimit(db, { key: `login:ip:${input.ip}`, ...LOGIN_LIMITS.perIp }, now);
  await hitLimit(db, { key: clientAccountKey, ...LOGIN_LIMITS.perClientAccount }, now);
  const customer = await findCustomerByMobile(db, input.mobile);
  const devices = deviceHashes(input.ip, input.visitorId ?? null);
  const knownSince = new Date(now.getTime() - KNOWN_DEVICE_DAYS * 86_400_000);
  // asked for unknown numbers too (id 0 matches nothing): both paths cost the same
  const known = (await isKnownDevice(db, customer?.id ?? 0, devices, knownSince)) && !!customer;
  if (!known) await slowDownUnknownDevice(db, input.mobile, now);
  const ok =
    customer?.passwordHash && customer.status !== 'erased'
      ? await verifyPassword(customer.passwordHash, input.password)
      : await burnPasswordCheck(input.password);
  if (!ok || !customer) {
    // a known device's typo does not bring the account closer to the slowdown
    if (!known) {
      await countHit(
        db,
        { key: `login:acct:${input.mobile}`, windowSeconds: ACCOUNT_SLOWDOWN.windowSeconds },
        now,
      );
    }
    throw identityErrors.invalidCredentials();
  }
  if (customer.status === 'pending') throw identityErrors.notActivated();
  // Only this client's counter: a success here says nothing about the guesses from elsewhere.
  await resetLimit(db, clientAccountKey);
  await rememberDevices(db, customer.id, devices, now, knownSince);
  const token = await createSession(db, customer.id, now);
  return { token, customerId: customer.id };
}
