/**
 * Door check-in abuse limits (hardening issue, abuse item): wrong device keys are counted
 * per client IP in the database (every instance shares the count); a device with a right
 * key may send at most CHECKIN_DEVICE_RATE_PER_SECOND requests per second (in memory, per
 * instance — no database round trip on the scan path), far above what a gate scans.
 * X-Forwarded-For names the client only when the request came through TRUSTED_PROXIES.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { AppError } from '../src/lib/errors';
import { tokenBuckets } from '../src/lib/token-bucket';
import { BAD_DEVICE_KEY_LIMIT, deviceRequestLimit } from '../src/modules/checkin/checkin-limits';
import { createTestApp, expectErrorShape, type TestApp } from './helpers';
import { DOOR_KEY, DOOR_KEY_2 } from './tickets.fixtures';

const CONFIG = { MAX_EVENT_LOOP_DELAY_MS: 60_000, CHECKIN_DEVICE_RATE_PER_SECOND: 50 };
const STRICT_RATE = 3;
/** a tiny per-device rate, so a burst outruns it even on a slow in-memory database */
let strict: TestApp;
/** the default 50/s, behind a trusted proxy */
let proxied: TestApp;
/** the limits do not look at the token: an unknown one is a full scan answered 200 `unknown` */
const TOKEN = 'BT1.not-a-ticket';

beforeAll(async () => {
  strict = await createTestApp({ config: { ...CONFIG, CHECKIN_DEVICE_RATE_PER_SECOND: STRICT_RATE } });
  proxied = await createTestApp({ config: { ...CONFIG, TRUSTED_PROXIES: '127.0.0.1' } });
}, 180_000);
afterAll(async () => {
  await strict?.close();
  await proxied?.close();
});
beforeEach(async () => {
  await strict.app.db.execute(sql`DELETE FROM rate_limits`);
  await proxied.app.db.execute(sql`DELETE FROM rate_limits`);
});

const scan = (
  app: TestApp,
  key: string,
  token: string,
  opts: { xff?: string; remoteAddress?: string } = {},
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/checkin',
    remoteAddress: opts.remoteAddress,
    headers: { 'x-device-key': key, 'x-locale': 'en', ...(opts.xff ? { 'x-forwarded-for': opts.xff } : {}) },
    payload: { token, nonce: randomUUID() },
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const WRONG_KEY = 'not-a-door-key-0000000000';

describe('door device: requests per second', () => {
  it('a gate scanning at 20 per second is never limited', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      codes.push((await scan(proxied, DOOR_KEY, TOKEN)).statusCode);
      await sleep(50);
    }
    expect(codes.every((c) => c === 200)).toBe(true);
  });

  it('the device bucket: 50 at once, then one every 20 ms; Retry-After in whole seconds', () => {
    const buckets = tokenBuckets(deviceRequestLimit(50));
    const take = (key: string, at: number) => {
      try {
        buckets.take(key, at);
        return 0;
      } catch (e) {
        return (e as AppError).statusCode === 429 ? Number((e as AppError).params.seconds) : -1;
      }
    };
    const first = Array.from({ length: 60 }, () => take('door-1', 1000));
    expect(first.filter((x) => x === 0)).toHaveLength(50);
    expect(first.slice(50)).toEqual(Array(10).fill(1));
    expect(take('door-2', 1000)).toBe(0); // buckets are per device
    expect(take('door-1', 1010)).toBe(1); // half a token back
    expect(take('door-1', 1021)).toBe(0); // a whole one
    // a steady 50 per second for 3 s after the burst: never limited
    const steady = Array.from({ length: 150 }, (_, i) => take('door-3', 5000 + i * 20));
    expect(steady.every((x) => x === 0)).toBe(true);
  });

  it('a burst beyond the rate from one device gets 429 + Retry-After and the error shape; another device is untouched', async () => {
    const started = performance.now();
    const burst = await Promise.all(Array.from({ length: 40 }, () => scan(strict, DOOR_KEY, TOKEN)));
    const elapsed = (performance.now() - started) / 1000;
    const other = await scan(strict, DOOR_KEY_2, TOKEN);
    const served = burst.filter((r) => r.statusCode === 200).length;
    const limited = burst.filter((r) => r.statusCode === 429);
    console.log(
      `check-in per device (rate ${STRICT_RATE}/s): burst of 40 in ${elapsed.toFixed(2)} s → ${served} served, ${limited.length} × 429`,
    );
    expect(served + limited.length).toBe(40);
    expect(served).toBeGreaterThanOrEqual(STRICT_RATE);
    expect(served).toBeLessThanOrEqual(STRICT_RATE + Math.ceil(elapsed * STRICT_RATE) + 1);
    for (const r of limited) {
      expect(r.headers['retry-after']).toBe('1');
      const body = expectErrorShape(r);
      expect(body.code).toBe('rate_limited');
      expect(body.message).toBe('Too many requests. Try again in 1 minute.');
    }
    expect(other.statusCode).toBe(200);
    // the limit lives in memory: no counter row per scan (the hot path stays one round trip)
    const rows = await queryRows<{ n: number }>(
      strict.app.db,
      sql`SELECT count(*)::int AS n FROM rate_limits`,
    );
    expect(rows[0]!.n).toBe(0);
    // a second later the device scans again
    await sleep(1100);
    expect((await scan(strict, DOOR_KEY, TOKEN)).statusCode).toBe(200);
  });
});

describe('wrong device keys per client IP', () => {
  it(`${BAD_DEVICE_KEY_LIMIT.max} wrong keys from an IP, then 429 to every key, right or wrong; a spoofed X-Forwarded-For does not reset it`, async () => {
    for (let i = 0; i < BAD_DEVICE_KEY_LIMIT.max; i++) {
      const res = await scan(strict, `${WRONG_KEY}-${i}`, 'x', {
        xff: `198.51.100.${i + 1}`,
        remoteAddress: '10.1.1.1',
      });
      expect(res.statusCode).toBe(401);
    }
    const spoofed = await scan(strict, WRONG_KEY, 'x', { xff: '203.0.113.77', remoteAddress: '10.1.1.1' });
    expect(spoofed.statusCode).toBe(429);
    expect(Number(spoofed.headers['retry-after'])).toBeGreaterThan(0);
    expect(expectErrorShape(spoofed).code).toBe('rate_limited');
    // another client is not affected; from the locked address a right key gets the same 429
    // as a wrong one (issue 23: a 200 would tell the guesser it found a key)
    expect((await scan(strict, WRONG_KEY, 'x', { remoteAddress: '10.1.1.2' })).statusCode).toBe(401);
    const right = await scan(strict, DOOR_KEY, TOKEN, { remoteAddress: '10.1.1.1' });
    expect(right.statusCode).toBe(429);
    expect(expectErrorShape(right).code).toBe('rate_limited');
    expect((await scan(strict, DOOR_KEY, TOKEN, { remoteAddress: '10.1.1.2' })).statusCode).toBe(200);
  });

  it('a device retrying with its one revoked key does not lock out the other devices behind its address', async () => {
    for (let i = 0; i < BAD_DEVICE_KEY_LIMIT.max * 2; i++)
      expect((await scan(strict, WRONG_KEY, 'x', { remoteAddress: '10.1.1.3' })).statusCode).toBe(401);
    expect((await scan(strict, DOOR_KEY, TOKEN, { remoteAddress: '10.1.1.3' })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: new addresses in the same network do not reset the count', async () => {
    for (let i = 0; i < BAD_DEVICE_KEY_LIMIT.max; i++)
      expect(
        (
          await scan(strict, `${WRONG_KEY}-v6-${i}`, 'x', {
            remoteAddress: `2001:db8:7:7::${(i + 1).toString(16)}`,
          })
        ).statusCode,
      ).toBe(401);
    expect(
      (await scan(strict, `${WRONG_KEY}-v6-x`, 'x', { remoteAddress: '2001:db8:7:7:ffff::1' })).statusCode,
    ).toBe(429);
    expect((await scan(strict, DOOR_KEY, TOKEN, { remoteAddress: '2001:db8:7:7:abcd::2' })).statusCode).toBe(
      429,
    );
    // the next /64 is another client (another device: this one's per-second bucket is spent)
    expect((await scan(strict, DOOR_KEY_2, TOKEN, { remoteAddress: '2001:db8:7:8::1' })).statusCode).toBe(
      200,
    );
  });

  it('behind a trusted proxy, X-Forwarded-For is the client: each client has its own count', async () => {
    for (let i = 0; i < BAD_DEVICE_KEY_LIMIT.max; i++)
      expect((await scan(proxied, `${WRONG_KEY}-${i}`, 'x', { xff: '203.0.113.7' })).statusCode).toBe(401);
    expect((await scan(proxied, `${WRONG_KEY}-last`, 'x', { xff: '203.0.113.7' })).statusCode).toBe(429);
    expect((await scan(proxied, WRONG_KEY, 'x', { xff: '203.0.113.8' })).statusCode).toBe(401);
    // the proxy's own address is not the one counted
    const counted = await queryRows<{ key: string }>(
      proxied.app.db,
      sql`SELECT key FROM rate_limits WHERE key LIKE 'checkin:bad-key:%' ORDER BY key`,
    );
    expect(counted.map((r) => r.key)).toEqual(['checkin:bad-key:203.0.113.7', 'checkin:bad-key:203.0.113.8']);
  });
});
