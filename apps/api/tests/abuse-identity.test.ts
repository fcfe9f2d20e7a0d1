import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { issueSmsCode, verifySmsCode } from '../src/modules/identity/one-time-code.service';
import {
  activateCustomer,
  registerCustomer,
  resendActivationCode,
  type RegisterInput,
} from '../src/modules/identity/registration.service';
import { RESET_LIMITS } from '../src/modules/identity/password.service';
import { createTestApp, DEMO, expectErrorShape, type TestApp } from './helpers';

/**
 * Abuse limits of issue 4 item 9, each a test. Counters live in the database (shared by
 * every instance); each test starts from clean counters.
 */
let t: TestApp;
let proxied: TestApp;
const TESTS_CONFIG = { MAX_EVENT_LOOP_DELAY_MS: 60_000 };

beforeAll(async () => {
  t = await createTestApp({ config: TESTS_CONFIG });
  proxied = await createTestApp({ seed: false, config: { ...TESTS_CONFIG, TRUSTED_PROXIES: '127.0.0.1' } });
}, 180_000);
afterAll(async () => {
  await t.close();
  await proxied.close();
});
beforeEach(async () => {
  await t.app.db.execute(sql`DELETE FROM rate_limits`);
  await proxied.app.db.execute(sql`DELETE FROM rate_limits`);
});

const PASSWORD = 'Abuso!Teste2026';
const ctx = (ip: string) => ({ ip, locale: 'pt-pt' as const, publicUrl: 'http://localhost:3000' });
const input = (mobile: string): RegisterInput => ({
  first_name: 'Teste',
  last_name: 'Abuso',
  email: `t${mobile.slice(-6)}@example.pt`,
  mobile_country_code: '351',
  mobile,
  password: PASSWORD,
  marketing_consent: false,
  invoice_by_email: false,
});
const registration = (mobile: string) => ({
  ...input(`+351${mobile}`),
  mobile,
  password_confirmation: PASSWORD,
  accepted_terms: true,
});
async function latestCode(app: TestApp, mobile: string): Promise<string> {
  const rows = await queryRows<{ meta: { code: string } }>(
    app.app.db,
    sql`SELECT meta FROM outbox WHERE recipient = ${mobile} AND channel = 'sms' ORDER BY id DESC LIMIT 1`,
  );
  return rows[0]!.meta.code;
}
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('SMS limits', () => {
  it('at most 3 SMS per number per 10 minutes, with a 60 s cool-down between codes', async () => {
    const mobile = '+351916000001';
    const t0 = new Date();
    await registerCustomer(t.app.db, input(mobile), ctx('10.0.0.1'), t0);
    await expect(resendActivationCode(t.app.db, mobile, ctx('10.0.0.2'), at(t0, 10))).rejects.toMatchObject({
      statusCode: 429,
      code: 'resend_too_soon',
    });
    await resendActivationCode(t.app.db, mobile, ctx('10.0.0.3'), at(t0, 61));
    await resendActivationCode(t.app.db, mobile, ctx('10.0.0.4'), at(t0, 122));
    // a fourth SMS within 10 minutes is refused, whatever the IP
    await expect(resendActivationCode(t.app.db, mobile, ctx('10.0.0.5'), at(t0, 183))).rejects.toMatchObject({
      statusCode: 429,
      code: 'rate_limited',
    });
    await resendActivationCode(t.app.db, mobile, ctx('10.0.0.6'), at(t0, 601));
  });

  it('at most 10 SMS per client IP; a spoofed X-Forwarded-For does not reset it', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customers/register',
        payload: registration(`9160001${String(i).padStart(2, '0')}`),
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/register',
      payload: registration('916000199'),
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(expectErrorShape(res).message).toMatch(/Demasiados pedidos/);
    // nothing was created by the refused request
    const rows = await queryRows(t.app.db, sql`SELECT id FROM customers WHERE mobile = '+351916000199'`);
    expect(rows).toHaveLength(0);
  });

  it('behind a configured trusted proxy, X-Forwarded-For is the client IP', async () => {
    const send = (mobile: string, ip: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/customers/register',
        payload: registration(mobile),
        headers: { 'x-forwarded-for': ip },
      });
    for (let i = 0; i < 10; i++)
      expect((await send(`9170000${String(i).padStart(2, '0')}`, '203.0.113.7')).statusCode).toBe(200);
    expect((await send('917000050', '203.0.113.7')).statusCode).toBe(429);
    expect((await send('917000051', '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('SMS codes', () => {
  it('a code dies after 5 wrong tries, even when the right one follows', async () => {
    const mobile = '+351916000002';
    const t0 = new Date();
    await registerCustomer(t.app.db, input(mobile), ctx('10.0.1.1'), t0);
    const code = await latestCode(t, mobile);
    const errors: string[] = [];
    for (let i = 0; i < 5; i++) {
      const err = await activateCustomer(
        t.app.db,
        { mobile, code: wrongCode(code) },
        { ip: '10.0.1.1' },
        t0,
      ).catch(
        (e: { code: string; params: { remaining?: number } }) => `${e.code}:${e.params.remaining ?? ''}`,
      );
      errors.push(String(err));
    }
    expect(errors).toEqual([
      'code_invalid:4',
      'code_invalid:3',
      'code_invalid:2',
      'code_invalid:1',
      'code_locked:',
    ]);
    await expect(activateCustomer(t.app.db, { mobile, code }, { ip: '10.0.1.1' }, t0)).rejects.toMatchObject({
      code: 'code_locked',
    });
    // a new code (after the cool-down) works
    await resendActivationCode(t.app.db, mobile, ctx('10.0.1.1'), at(t0, 61));
    const fresh = await latestCode(t, mobile);
    const ok = await activateCustomer(t.app.db, { mobile, code: fresh }, { ip: '10.0.1.1' }, at(t0, 62));
    expect(ok.token).toBeTruthy();
  });

  it('parallel guesses cannot exceed 5 tries', async () => {
    const mobile = '+351916000003';
    await registerCustomer(t.app.db, input(mobile), ctx('10.0.2.1'), new Date());
    const code = await latestCode(t, mobile);
    await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        activateCustomer(t.app.db, { mobile, code: wrongCode(code) }, { ip: '10.0.2.1' }, new Date()),
      ),
    );
    const [row] = await queryRows<{ attempts: number }>(
      t.app.db,
      sql`SELECT attempts FROM one_time_codes WHERE target = ${mobile} ORDER BY id DESC LIMIT 1`,
    );
    expect(row!.attempts).toBe(5);
  });

  it('a code dies after 10 minutes', async () => {
    const mobile = '+351916000004';
    const t0 = new Date();
    await registerCustomer(t.app.db, input(mobile), ctx('10.0.3.1'), t0);
    const code = await latestCode(t, mobile);
    await expect(
      activateCustomer(t.app.db, { mobile, code }, { ip: '10.0.3.1' }, at(t0, 10 * 60 + 1)),
    ).rejects.toMatchObject({ code: 'code_expired' });
  });

  it('a code is single-use and bound to its purpose', async () => {
    const [ana] = await queryRows<{ id: number }>(
      t.app.db,
      sql`SELECT id FROM customers WHERE mobile = '+351912345678'`,
    );
    const now = new Date();
    const code = await issueSmsCode(
      t.app.db,
      { customerId: ana!.id, target: '+351912345678', purpose: 'sms_activation' },
      now,
    );
    await expect(
      verifySmsCode(t.app.db, { target: '+351912345678', purpose: 'password_reset', code }, now),
    ).rejects.toMatchObject({ code: 'code_expired' });
    await verifySmsCode(t.app.db, { target: '+351912345678', purpose: 'sms_activation', code }, now);
    await expect(
      verifySmsCode(t.app.db, { target: '+351912345678', purpose: 'sms_activation', code }, now),
    ).rejects.toMatchObject({ code: 'code_expired' });
  });

  it('an email confirmation link is not a password reset link', async () => {
    await registerCustomer(t.app.db, input('+351916000005'), ctx('10.0.4.1'), new Date());
    const [email] = await queryRows<{ meta: { link: string } }>(
      t.app.db,
      sql`SELECT meta FROM outbox WHERE recipient = 't000005@example.pt' ORDER BY id DESC LIMIT 1`,
    );
    const token = new URL(email!.meta.link).searchParams.get('token')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/reset-password',
      payload: { token, password: 'Qualquer!2026', password_confirmation: 'Qualquer!2026' },
    });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).code).toBe('link_invalid');
  });
});

describe('password attempts', () => {
  const attempt = (app: TestApp, mobile: string, password: string, ip?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/customers/login-password',
      payload: { mobile_country_code: '351', mobile, password },
      headers: ip ? { 'x-forwarded-for': ip } : {},
    });

  it('10 failed passwords from one client pause that client on the account, even for the right password next', async () => {
    for (let i = 0; i < 10; i++)
      expect((await attempt(t, DEMO.ana.mobile, `wrong-${i}`)).statusCode).toBe(401);
    const blocked = await attempt(t, DEMO.ana.mobile, DEMO.ana.password);
    expect(blocked.statusCode).toBe(429);
    // another account is not affected
    expect((await attempt(t, DEMO.rui.mobile, DEMO.rui.password)).statusCode).toBe(200);
  });

  it('30 attempts per client IP across accounts; a spoofed X-Forwarded-For does not reset it', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await attempt(t, `9180000${String(i).padStart(2, '0')}`, 'x', `192.0.2.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    expect((await attempt(t, DEMO.rui.mobile, DEMO.rui.password, '192.0.2.200')).statusCode).toBe(429);
  });

  it('the phone step is limited per client IP too (slows number enumeration)', async () => {
    let status = 0;
    let count = 0;
    while (status !== 429 && count < 40) {
      count++;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customers/login-mobile',
        payload: { mobile_country_code: '351', mobile: `9190000${String(count).padStart(2, '0')}` },
      });
      status = res.statusCode;
    }
    expect(count).toBe(31);
  });

  it('a wrong password and an unknown number answer the same, in similar time', async () => {
    await registerCustomer(proxied.app.db, input('+351916000123'), ctx('10.0.5.1'), new Date());
    await activateCustomer(
      proxied.app.db,
      { mobile: '+351916000123', code: await latestCode(proxied, '+351916000123') },
      { ip: '10.0.5.1' },
      new Date(),
    );
    const timings = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    // 8 of each: the account's slowdown starts past ACCOUNT_SLOWDOWN.free (10) failures
    for (let i = 0; i < 8; i++) {
      for (const kind of ['known', 'unknown'] as const) {
        const started = performance.now();
        const res = await attempt(
          proxied,
          kind === 'known' ? '916000123' : `9199999${String(i).padStart(2, '0')}`,
          'wrong-password',
          `203.0.113.${100 + i}`,
        );
        timings[kind].push(performance.now() - started);
        expect(res.statusCode).toBe(401);
        bodies.add(res.body);
      }
    }
    expect(bodies.size).toBe(1);
    // The fastest of each: other work on a shared machine only ever adds time, so the
    // minimum is the cost of the path itself. A path that skipped the password hash would be
    // an order of magnitude apart; the bounds leave room for a loaded machine's noise.
    const ratio = Math.min(...timings.known) / Math.min(...timings.unknown);
    expect(ratio).toBeGreaterThan(1 / 4);
    expect(ratio).toBeLessThan(4);
  });
});

describe('password reset limits', () => {
  const ask = (app: TestApp, mobile: string, ip?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/customers/request-password',
      payload: { mobile_country_code: '351', mobile },
      headers: ip ? { 'x-forwarded-for': ip } : {},
    });
  const resetLinks = async (mobile: string) =>
    (
      await queryRows<{ n: number }>(
        t.app.db,
        sql`SELECT count(*)::int AS n FROM outbox
            WHERE meta->>'purpose' = 'password_reset'
              AND recipient IN (SELECT email FROM customers WHERE mobile = ${mobile})`,
      )
    )[0]!.n;

  it(`${RESET_LIMITS.perNumber.max} links per number per ${RESET_LIMITS.perNumber.windowSeconds / 60} minutes, for a known or unknown number alike`, async () => {
    for (const mobile of [DEMO.rui.mobile, '919990001']) {
      const codes: number[] = [];
      for (let i = 0; i < RESET_LIMITS.perNumber.max + 1; i++)
        codes.push((await ask(t, mobile, `198.51.100.${i + 10}`)).statusCode);
      expect(codes).toEqual([...Array(RESET_LIMITS.perNumber.max).fill(200), 429]);
    }
    // the refused request sent nothing
    expect(await resetLinks(`+351${DEMO.rui.mobile}`)).toBe(RESET_LIMITS.perNumber.max);
  });

  it(`${RESET_LIMITS.perIp.max} requests per client IP across numbers; a spoofed X-Forwarded-For does not reset it`, async () => {
    for (let i = 0; i < RESET_LIMITS.perIp.max; i++)
      expect((await ask(t, `9199901${String(i).padStart(2, '0')}`, `198.51.100.${i + 1}`)).statusCode).toBe(
        200,
      );
    const res = await ask(t, '919990199', '203.0.113.99');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expectErrorShape(res);
  });

  it('behind a configured trusted proxy, X-Forwarded-For is the client IP', async () => {
    for (let i = 0; i < RESET_LIMITS.perIp.max; i++)
      expect((await ask(proxied, `9199902${String(i).padStart(2, '0')}`, '203.0.113.7')).statusCode).toBe(
        200,
      );
    expect((await ask(proxied, '919990299', '203.0.113.7')).statusCode).toBe(429);
    expect((await ask(proxied, '919990298', '203.0.113.8')).statusCode).toBe(200);
  });
});
