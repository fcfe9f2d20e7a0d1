import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { hitLimit, resetLimit } from '../../lib/rate-limit';
import { findCustomerByMobile } from './customer.repository';
import { createSession } from './session.service';

export const LOGIN_LIMITS = {
  /** failed passwords per account before a pause */
  perAccount: { max: 10, windowSeconds: 15 * 60 },
  /** password attempts per client IP */
  perIp: { max: 30, windowSeconds: 15 * 60 },
  /** phone-step lookups per client IP (slows number enumeration) */
  lookupPerIp: { max: 30, windowSeconds: 10 * 60 },
};

/** Phone step: whether the number has an account (to offer registration otherwise). */
export async function lookupMobile(db: Db, mobile: string, ip: string): Promise<boolean> {
  await hitLimit(db, { key: `login-mobile:ip:${ip}`, ...LOGIN_LIMITS.lookupPerIp });
  const customer = await findCustomerByMobile(db, mobile);
  return !!customer && customer.status !== 'erased';
}

/**
 * Password step. Throws 401 invalid_credentials with the same answer and the same cost
 * (a dummy argon2 check) whether the number is unknown or the password wrong.
 * Throws 429 when attempts per account or per IP are exhausted.
 */
export async function loginWithPassword(
  db: Db,
  input: { mobile: string; password: string; ip: string },
  now = new Date(),
): Promise<{ token: string; customerId: number }> {
  await hitLimit(db, { key: `login:ip:${input.ip}`, ...LOGIN_LIMITS.perIp }, now);
  await hitLimit(db, { key: `login:acct:${input.mobile}`, ...LOGIN_LIMITS.perAccount }, now);
  const customer = await findCustomerByMobile(db, input.mobile);
  const ok =
    customer?.passwordHash && customer.status !== 'erased'
      ? await verifyPassword(customer.passwordHash, input.password)
      : await burnPasswordCheck(input.password);
  if (!ok || !customer) throw new AppError(401, 'invalid_credentials', 'login.invalid_credentials');
  if (customer.status === 'pending') throw new AppError(403, 'not_activated', 'login.not_activated');
  await resetLimit(db, `login:acct:${input.mobile}`);
  const token = await createSession(db, customer.id, now);
  return { token, customerId: customer.id };
}
