import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  captchaKeys,
  createCaptchaChallenge as createHard,
  purgeUsedCaptchas,
  verifyCaptcha,
  type CaptchaKeys,
} from '../src/lib/captcha';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { createTestApp, expectErrorShape, type TestApp } from './helpers';

/** Same signature and checks as the real challenge, far less work, so tests stay fast. */
export const EASY = { cost: 10, counterMin: 10, counterMax: 50 };
const createCaptchaChallenge = (keys: CaptchaKeys, now = new Date()) => createHard(keys, now, EASY);

/** Solves a challenge the way the widget does and answers the base64 payload it submits. */
export async function solvedPayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the captcha');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('captcha', () => {
  it('GET /api/captcha/challenge answers a fresh signed PBKDF2 challenge, never cached', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    const b = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    const ca = a.json<Challenge>();
    expect(ca.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(ca.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(ca.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(ca.parameters.nonce).not.toBe(b.json<Challenge>().parameters.nonce);
  });

  it('accepts a solved challenge once, refuses a replay, a forgery, an expired one and garbage', async () => {
    const keys = captchaKeys(t.config);
    const payload = await solvedPayload(await createCaptchaChallenge(keys));
    await expect(verifyCaptcha(t.app.db, keys, payload, new Date())).resolves.toBeUndefined();
    await expect(verifyCaptcha(t.app.db, keys, payload, new Date())).rejects.toMatchObject({
      statusCode: 400,
      messageKey: 'captcha.used',
    });

    // Signed with another key: refused.
    const foreign = await createCaptchaChallenge(
      captchaKeys({ ALTCHA_HMAC_KEY: 'x'.repeat(32), NODE_ENV: 'test' }),
    );
    await expect(
      verifyCaptcha(t.app.db, keys, await solvedPayload(foreign), new Date()),
    ).rejects.toMatchObject({
      messageKey: 'captcha.invalid',
    });

    // Tampered solution: refused.
    const fresh = await createCaptchaChallenge(keys);
    const good = JSON.parse(Buffer.from(await solvedPayload(fresh), 'base64').toString()) as {
      solution: { derivedKey: string };
    };
    good.solution.derivedKey = good.solution.derivedKey.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    await expect(
      verifyCaptcha(t.app.db, keys, Buffer.from(JSON.stringify(good)).toString('base64'), new Date()),
    ).rejects.toMatchObject({ messageKey: 'captcha.invalid' });

    // Expired: `now` is a parameter, so the test is exact.
    const old = await createCaptchaChallenge(keys, new Date(Date.now() - 11 * 60_000));
    await expect(verifyCaptcha(t.app.db, keys, await solvedPayload(old), new Date())).rejects.toMatchObject({
      messageKey: 'captcha.expired',
    });

    for (const junk of ['', 'not-base64!', Buffer.from('{"a":1}').toString('base64'), 'x'.repeat(9000)]) {
      await expect(verifyCaptcha(t.app.db, keys, junk, new Date())).rejects.toMatchObject({
        statusCode: 400,
      });
    }
  });

  it('purges replay records only once their challenge has expired', async () => {
    const keys = captchaKeys(t.config);
    const payload = await solvedPayload(await createCaptchaChallenge(keys));
    await verifyCaptcha(t.app.db, keys, payload, new Date());
    await purgeUsedCaptchas(t.app.db, new Date());
    await expect(verifyCaptcha(t.app.db, keys, payload, new Date())).rejects.toMatchObject({
      messageKey: 'captcha.used',
    });
    await purgeUsedCaptchas(t.app.db, new Date(Date.now() + 11 * 60_000));
    const rows = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE 'altcha:%'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('a missing captcha on the organiser form is a localised 400 on the altcha field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/organizers/create-account',
      headers: { 'x-locale': 'en' },
      payload: {
        first_name: 'Marta',
        last_name: 'Lopes',
        name_company: 'Lopes Eventos',
        email: 'marta@lopes.pt',
        mobile: '912000111',
        password_plan: 'Segura!2026x',
        description: 'Festivais de verão',
        accepted_terms: 'true',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).errors.altcha).toEqual(['Please confirm you are not a robot.']);
  });
});
