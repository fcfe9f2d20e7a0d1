import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/client';
import { randomToken } from '../src/lib/crypto';
import { ACCOUNT_SLOWDOWN, LOGIN_LIMITS } from '../src/modules/identity/login.service';
import { issueLinkToken } from '../src/modules/identity/one-time-code.service';
import { RESET_PASSWORD_LIMITS } from '../src/modules/identity/password.service';
import { createTestApp, DEMO, expectErrorShape, type TestApp } from './helpers';

/** Counts argon2 hashes of new passwords: an invalid reset link must not cost one. */
const hashes = vi.hoisted(() => ({ n: 0 }));
vi.mock('../src/lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/lib/passwords')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      hashes.n++;
      return real.hashPassword(password);
    },
  };
});

/**
 * Issue 23, low items: the login counter throttles the attacker, not the owner; the reset
 * link is checked before hashing and reset-password is throttled. Requests come through a
 * trusted proxy so each test chooses its client's IP with X-Forwarded-For.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { TRUSTED_PROXIES: '127.0.0.1', MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
}, 180_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.db.execute(sql`DELETE FROM rate_limits`);
  await t.app.db.execute(sql`DELETE FROM customer_known_devices`);
});

const attempt = (who: { mobile: string; password: string }, ip: string, visitor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customers/login-password',
    payload: { mobile_country_code: '351', mobile: who.mobile, password: who.password },
    headers: { 'x-forwarded-for': ip, ...(visitor ? { 'visitor-id': visitor } : {}) },
  });

async function customerId(mobile: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    t.app.db,
    sql`SELECT id FROM customers WHERE mobile = ${`+351${mobile}`}`,
  );
  return rows[0]!.id;
}

describe('login: throttle the attacker, not the owner', () => {
  it('10 wrong passwords from IP A: the owner’s right password from a known device (IP B) answers 200; A stays throttled', async () => {
    // the owner logged in from IP B before: a known device
    expect((await attempt(DEMO.ana, '198.51.100.20')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perClientAccount.max; i++)
      expect((await attempt({ ...DEMO.ana, password: `errada-${i}` }, '203.0.113.10')).statusCode).toBe(401);
    expect((await attempt(DEMO.ana, '198.51.100.20')).statusCode).toBe(200);
    // A is refused even with the right password (it may have guessed it: no oracle)
    const a = await attempt(DEMO.ana, '203.0.113.10');
    expect(a.statusCode).toBe(429);
    expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    expect(expectErrorShape(a).code).toBe('rate_limited');
    // the wait is told in minutes (Retry-After keeps the seconds)
    const minutes = Math.ceil(Number(a.headers['retry-after']) / 60);
    expect(expectErrorShape(a).message).toBe(
      minutes === 1
        ? 'Demasiados pedidos. Tente novamente dentro de 1 minuto.'
        : `Demasiados pedidos. Tente novamente dentro de ${minutes} minutos.`,
    );
  });

  it('failures spread over many IPs slow unknown devices down progressively; known devices (Visitor-Id or IP) still get in', async () => {
    const visitor = '4839201746385012';
    expect((await attempt(DEMO.rui, '198.51.100.30', visitor)).statusCode).toBe(200);
    // a distributed guesser: one wrong password from each of many addresses
    for (let i = 0; i < ACCOUNT_SLOWDOWN.free; i++)
      expect((await attempt({ ...DEMO.rui, password: `x-${i}` }, `192.0.2.${i + 1}`)).statusCode).toBe(401);
    // past the free failures, one try per delay from unknown devices
    expect((await attempt({ ...DEMO.rui, password: 'x-next' }, '192.0.2.100')).statusCode).toBe(401);
    const waiting = await attempt({ ...DEMO.rui, password: 'x-next' }, '192.0.2.101');
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(ACCOUNT_SLOWDOWN.firstDelaySeconds);
    // the same right password from an unknown device waits too; the owner's browser does not
    expect((await attempt(DEMO.rui, '192.0.2.102')).statusCode).toBe(429);
    expect((await attempt(DEMO.rui, '100.64.7.7', visitor)).statusCode).toBe(200);
    expect((await attempt(DEMO.rui, '198.51.100.30')).statusCode).toBe(200);
    // an unknown number is counted and slowed exactly like an account (no oracle)
    for (let i = 0; i < ACCOUNT_SLOWDOWN.free + 1; i++)
      await attempt({ mobile: '919999000', password: `y-${i}` }, `192.0.2.${150 + i}`);
    expect((await attempt({ mobile: '919999000', password: 'y' }, '192.0.2.200')).statusCode).toBe(429);
  });

  it('failed logins elsewhere never stop the signed-in owner from changing the password', async () => {
    const token = (await attempt(DEMO.ana, '198.51.100.40')).json<{ accessToken: string }>().accessToken;
    for (let i = 0; i < ACCOUNT_SLOWDOWN.free + 2; i++)
      await attempt({ ...DEMO.ana, password: `z-${i}` }, `192.0.2.${i + 1}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/change-password',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.40' },
      payload: {
        old_password: DEMO.ana.password,
        password: DEMO.ana.password,
        password_confirmation: DEMO.ana.password,
      },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('reset-password: the link first, then the work, throttled', () => {
  const reset = (token: string, ip: string, locale = 'pt-pt') =>
    t.app.inject({
      method: 'POST',
      url: '/api/customers/reset-password',
      headers: { 'x-forwarded-for': ip, 'x-locale': locale },
      payload: { token, password: 'Nova!Senha2026', password_confirmation: 'Nova!Senha2026' },
    });

  it('an unknown or expired link answers 400 link_invalid without hashing the new password', async () => {
    const before = hashes.n;
    const unknown = await reset(randomToken(), '198.51.100.50');
    expect(unknown.statusCode).toBe(400);
    expect(expectErrorShape(unknown).code).toBe('link_invalid');
    const id = await customerId(DEMO.rui.mobile);
    const expired = await issueLinkToken(
      t.app.db,
      { customerId: id, target: `+351${DEMO.rui.mobile}`, purpose: 'password_reset', ttlMs: -1000 },
      new Date(),
    );
    const res = await reset(expired, '198.51.100.50', 'en');
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).message).toMatch(/link/i);
    expect(hashes.n).toBe(before);
    // opened, the page is told the link expired (issue 25 item 16)
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/customers/reset-password/check',
      headers: { 'x-forwarded-for': '198.51.100.50', 'x-locale': 'pt-pt' },
      payload: { token: expired },
    });
    expect(check.statusCode).toBe(400);
    expect(expectErrorShape(check)).toMatchObject({
      code: 'link_expired',
      message: 'Esta ligação expirou. Peça uma nova.',
    });
  });

  it('is limited per IP (guessing links) and per account (concurrent uses of one link)', async () => {
    for (let i = 0; i < RESET_PASSWORD_LIMITS.perIp.max; i++)
      expect((await reset(randomToken(), '203.0.113.60')).statusCode).toBe(400);
    const blocked = await reset(randomToken(), '203.0.113.60');
    expect(blocked.statusCode).toBe(429);
    expect(expectErrorShape(blocked).code).toBe('rate_limited');

    // one live link sent many times at once: at most perCustomer new passwords are hashed
    const id = await customerId(DEMO.ana.mobile);
    const token = await issueLinkToken(
      t.app.db,
      { customerId: id, target: `+351${DEMO.ana.mobile}`, purpose: 'password_reset', ttlMs: 3600_000 },
      new Date(),
    );
    const before = hashes.n;
    const n = RESET_PASSWORD_LIMITS.perCustomer.max + 4;
    const codes = (
      await Promise.all(Array.from({ length: n }, (_, i) => reset(token, `198.51.100.${70 + i}`)))
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => [200, 400, 429].includes(c))).toBe(true);
    expect(hashes.n - before).toBeLessThanOrEqual(RESET_PASSWORD_LIMITS.perCustomer.max);
    // the new password works
    expect((await attempt({ ...DEMO.ana, password: 'Nova!Senha2026' }, '198.51.100.99')).statusCode).toBe(
      200,
    );
  });
});
