import type { DbOrTx } from '../../db/client';
import { identityErrors } from './identity.errors';
import { hitLimit } from '../../lib/rate-limit';
import { SMS_RESEND_COOLDOWN_SECONDS } from '@bilheteira/shared/schemas/customers';

export { SMS_RESEND_COOLDOWN_SECONDS };

/**
 * Abuse limits on messages we pay for and that can harass a person (issue 4 item 9): at
 * most 3 SMS per number per 10 minutes and 10 per client IP. The IP comes from
 * `clientIp`, which honours X-Forwarded-For only from TRUSTED_PROXIES.
 */
export const SMS_LIMITS = {
  perNumber: { max: 3, windowSeconds: 10 * 60 },
  perIp: { max: 10, windowSeconds: 10 * 60 },
};

export async function hitSmsLimits(db: DbOrTx, mobile: string, ip: string, now: Date): Promise<void> {
  await hitLimit(db, { key: `sms:ip:${ip}`, ...SMS_LIMITS.perIp }, now);
  await hitLimit(db, { key: `sms:number:${mobile}`, ...SMS_LIMITS.perNumber }, now);
}

/** 429 while the previous code to this number is younger than the cool-down. */
export function assertCooldown(lastSentAt: Date | undefined, now: Date): void {
  if (!lastSentAt) return;
  const waited = (now.getTime() - lastSentAt.getTime()) / 1000;
  if (waited < SMS_RESEND_COOLDOWN_SECONDS) {
    const seconds = Math.ceil(SMS_RESEND_COOLDOWN_SECONDS - waited);
    throw identityErrors.resendTooSoon({ seconds });
  }
}
