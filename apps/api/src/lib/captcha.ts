import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Challenge, Payload } from 'altcha-lib/types';
import type { Config } from '../config';
import { queryRows, type DbOrTx } from '../db/client';
import { defineMessages } from '../i18n/messages';
import { AppError } from './errors';

export const captchaMessages = defineMessages({
  'captcha.required': {
    'pt-pt': 'Confirme que não é um robô.',
    en: 'Please confirm you are not a robot.',
    es: 'Confirme que no es un robot.',
  },
  'captcha.invalid': {
    'pt-pt': 'A verificação anti-robô falhou. Tente novamente.',
    en: 'The anti-robot check failed. Please try again.',
    es: 'La verificación antirrobot ha fallado. Inténtelo de nuevo.',
  },
  'captcha.expired': {
    'pt-pt': 'A verificação anti-robô expirou. Verifique novamente.',
    en: 'The anti-robot check has expired. Please verify again.',
    es: 'La verificación antirrobot ha caducado. Verifique de nuevo.',
  },
  'captcha.used': {
    'pt-pt': 'Esta verificação anti-robô já foi usada. Verifique novamente.',
    en: 'This anti-robot check has already been used. Please verify again.',
    es: 'Esta verificación antirrobot ya se ha usado. Verifique de nuevo.',
  },
});

/**
 * ALTCHA proof of work (DESIGN §1: self-hosted, no third party, no cookies). The widget
 * derives PBKDF2/SHA-256 keys until one matches the signed prefix; the server checks the
 * signature, the expiry and the key, and accepts each solved challenge once only.
 */
export const CAPTCHA = {
  algorithm: 'PBKDF2/SHA-256',
  /** PBKDF2 iterations per attempt */
  cost: 1_000,
  /** the secret counter the browser must find lies in this range: about 1-2 s on a phone */
  counterMin: 800,
  counterMax: 2_400,
  /** a challenge must be solved and submitted within this time */
  ttlSeconds: 10 * 60,
} as const;

export interface CaptchaDifficulty {
  cost: number;
  counterMin: number;
  counterMax: number;
}

/** Only for development and tests: production must set ALTCHA_HMAC_KEY (same on every instance). */
const DEV_HMAC_KEY = 'bilheteira-dev-altcha-hmac-key-not-for-production';
let ephemeralKey: string | undefined;

export interface CaptchaKeys {
  signature: string;
  keySignature: string;
}

/**
 * The HMAC secrets from the configuration. In production without ALTCHA_HMAC_KEY a random
 * per-process key is used (challenges then only verify on the instance that issued them).
 * The key-signature secret is derived as altcha-lib's `deriveHmacKeySecret` does.
 */
export function captchaKeys(config: Pick<Config, 'ALTCHA_HMAC_KEY' | 'NODE_ENV'>): CaptchaKeys {
  let master = config.ALTCHA_HMAC_KEY;
  if (!master) {
    if (config.NODE_ENV === 'production') master = ephemeralKey ??= randomBytes(32).toString('hex');
    else master = DEV_HMAC_KEY;
  }
  const keySignature = createHmac('sha256', master).update('derived-secret').digest('hex');
  return { signature: master, keySignature };
}

/** A new signed challenge for the widget, expiring CAPTCHA.ttlSeconds after `now` (tests may ease it). */
export async function createCaptchaChallenge(
  keys: CaptchaKeys,
  now: Date,
  difficulty: CaptchaDifficulty = CAPTCHA,
): Promise<Challenge> {
  return createChallenge({
    algorithm: CAPTCHA.algorithm,
    cost: difficulty.cost,
    counter: randomInt(difficulty.counterMin, difficulty.counterMax),
    deriveKey,
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
    expiresAt: new Date(now.getTime() + CAPTCHA.ttlSeconds * 1000),
  });
}

function parsePayload(raw: string): Payload | null {
  if (raw.length > 8_000) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Partial<Payload>;
    const p = parsed?.challenge?.parameters;
    const s = parsed?.solution;
    if (
      !p ||
      typeof p !== 'object' ||
      typeof p.nonce !== 'string' ||
      typeof p.algorithm !== 'string' ||
      !s ||
      typeof s.counter !== 'number' ||
      typeof s.derivedKey !== 'string'
    )
      return null;
    return parsed as Payload;
  } catch {
    return null;
  }
}

const captchaError = (messageKey: string) =>
  new AppError(400, 'captcha_invalid', messageKey, {}, { altcha: [messageKey] });

/**
 * Checks a widget payload (base64 JSON of challenge + solution). Throws 400 captcha_invalid
 * when it is missing, malformed, forged, expired, wrong, or already used: the challenge
 * nonce is recorded until the challenge expires, atomically, so a solution cannot be replayed
 * even by two concurrent requests. Call it inside the transaction that stores the submission
 * if the submission must not burn the captcha when it fails; here it is burned on purpose.
 */
export async function verifyCaptcha(
  db: DbOrTx,
  keys: CaptchaKeys,
  raw: string | undefined | null,
  now: Date,
): Promise<void> {
  if (!raw) throw captchaError('captcha.required');
  const payload = parsePayload(raw);
  if (!payload || payload.challenge.parameters.algorithm !== CAPTCHA.algorithm)
    throw captchaError('captcha.invalid');
  const expiresAt = payload.challenge.parameters.expiresAt;
  if (typeof expiresAt !== 'number' || expiresAt * 1000 <= now.getTime())
    throw captchaError('captcha.expired');
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: keys.signature,
      hmacKeySignatureSecret: keys.keySignature,
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  if (!verified) throw captchaError('captcha.invalid');
  const used = await queryRows<{ key: string }>(
    db,
    sql`INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${`altcha:${payload.challenge.parameters.nonce}`}, 1, ${new Date(expiresAt * 1000).toISOString()})
        ON CONFLICT (key) DO NOTHING RETURNING key`,
  );
  if (used.length === 0) throw captchaError('captcha.used');
}

/** Deletes the replay records of challenges that have expired (they can no longer verify). */
export async function purgeUsedCaptchas(db: DbOrTx, now: Date): Promise<void> {
  await db.execute(
    sql`DELETE FROM rate_limits WHERE key LIKE 'altcha:%' AND reset_at < ${now.toISOString()}`,
  );
}
