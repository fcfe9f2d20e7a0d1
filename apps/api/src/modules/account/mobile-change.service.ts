import {
  findCountryByDialCode,
  isValidPhone,
  nationalNumber,
  phoneDigits,
  toE164,
} from '@bilheteira/shared/phone';
import type { Locale } from '@bilheteira/shared/locales';
import type { Db, DbOrTx } from '../../db/client';
import { translate } from '../../i18n/messages';
import { randomDigits, safeEqual, sha256 } from '../../lib/crypto';
import { validationFailed } from '../../lib/errors';
import { accountErrors } from './account.errors';
import { enqueueMessage } from '../../lib/outbox';
import { hitLimit } from '../../lib/rate-limit';
import {
  countCodeAttempt,
  findCustomerIdByMobile,
  findLiveCode,
  insertCode,
  markCodeUsed,
  retireCodes,
} from './account.repository';
import './account.messages';
import { assertNotImpersonated, type Actor } from './account-actor';

/* ───────────────────────── mobile change by SMS code ───────────────────────── */

export const MOBILE_CODE = { digits: 6, ttlMs: 10 * 60_000, maxAttempts: 5 } as const;
const MOBILE_CODE_LIMITS = {
  perCustomer: { max: 5, windowSeconds: 3600 },
  perNumber: { max: 3, windowSeconds: 3600 },
};

/**
 * Sends a 6-digit code by SMS to a new mobile number (purpose mobile_change). Throws 400
 * for an invalid or unchanged number, 409 when another account uses it, 429 when rate-limited.
 */
export async function requestMobileCode(
  db: Db,
  actor: Actor,
  input: { dialCode: string; mobile: string; locale: Locale },
  now: Date,
): Promise<{ target: string }> {
  assertNotImpersonated(actor);
  const dial = phoneDigits(input.dialCode) || '351';
  const national = nationalNumber(dial, input.mobile);
  if (!isValidPhone(findCountryByDialCode(dial), national))
    throw validationFailed({ mobile: ['validation.phone'] });
  const target = toE164(dial, national);
  if (target === actor.customer.mobile)
    throw accountErrors.mobileUnchanged({}, { fieldErrors: { mobile: ['account.mobile.same'] } });
  await hitLimit(
    db,
    { key: `mobile-code:customer:${actor.customer.id}`, ...MOBILE_CODE_LIMITS.perCustomer },
    now,
  );
  await hitLimit(db, { key: `mobile-code:number:${target}`, ...MOBILE_CODE_LIMITS.perNumber }, now);
  const other = await findCustomerIdByMobile(db, target);
  if (other && other !== actor.customer.id)
    throw accountErrors.mobileTaken({}, { fieldErrors: { mobile: ['account.mobile.taken'] } });
  const code = randomDigits(MOBILE_CODE.digits);
  await db.transaction(async (tx) => {
    await retireCodes(tx, actor.customer.id, 'mobile_change', now);
    await insertCode(tx, {
      customerId: actor.customer.id,
      target,
      purpose: 'mobile_change',
      codeHash: sha256(code),
      expiresAt: new Date(now.getTime() + MOBILE_CODE.ttlMs),
    });
    await enqueueMessage(tx, {
      channel: 'sms',
      recipient: target,
      customerId: actor.customer.id,
      body: translate(input.locale, 'account.mobile.sms', { code }),
      meta: { code, purpose: 'mobile_change' },
    });
  });
  return { target };
}

/** Uses the mobile_change code sent to `target`; false when wrong, expired or used up (the attempt counts). */
export async function consumeMobileCode(
  tx: DbOrTx,
  customerId: number,
  target: string,
  code: string,
  now: Date,
) {
  const row = await findLiveCode(tx, { customerId, target, purpose: 'mobile_change', now });
  if (!row || row.attempts >= MOBILE_CODE.maxAttempts) return false;
  if (!safeEqual(row.codeHash, sha256(code.trim()))) {
    await countCodeAttempt(tx, row.id);
    return false;
  }
  await markCodeUsed(tx, row.id, now);
  return true;
}
