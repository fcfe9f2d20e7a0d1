import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto';

/**
 * Stripe's scheme: `Bilheteira-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw
 * body>" keyed with the endpoint's secret>`. The time is signed with the body, so a receiver
 * that checks it is recent (5 minutes, say) refuses a replayed request.
 */
export function signWebhook(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** What a receiver does: the header's v1 matches the body and its time is within `toleranceSec`. */
export function verifyWebhookSignature(
  header: string,
  body: string,
  secret: string,
  now: Date,
  toleranceSec = 300,
): boolean {
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isSafeInteger(t) || !v1) return false;
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSec) return false;
  return safeEqual(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'), v1);
}
