/**
 * Key-protected routes give a guesser no oracle (issue 23, low items): wrong operator, door
 * and station keys are counted per client IP, and once an IP tried too many distinct keys
 * every key from it, right or wrong, answers 429 until the window ends. Per-IP counters key
 * IPv6 clients on their /64, and finished counters are purged by the worker.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/client';
import { KEY_FAILURE_LIMITS } from '../src/lib/key-guard';
import { purgeExpiredLimits } from '../src/lib/rate-limit';
import { DEMO_STATION_KEYS } from '../src/seed/wallet.seed';
import { startWorker } from '../src/worker/outbox-worker';
import { createTestApp, DEMO, expectErrorShape, type TestApp } from './helpers';

const OPERATOR_KEY = 'k3y-lockout-test-operator-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { OPERATOR_KEY, MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
}, 180_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.app.db.execute(sql`DELETE FROM rate_limits`);
});

const impersonation = (key: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/operator/impersonations',
    remoteAddress,
    headers: { 'x-operator-key': key, 'x-locale': 'en' },
    payload: {
      mobile_country_code: DEMO.ana.mobile_country_code,
      mobile: DEMO.ana.mobile,
      operator: 'maria',
    },
  });
const refundsList = (key: string, remoteAddress: string) =>
  t.app.inject({ url: '/api/operator/refunds', remoteAddress, headers: { 'x-operator-key': key } });
const blocklist = (key: string, remoteAddress: string) =>
  t.app.inject({ url: '/api/stations/blocklist', remoteAddress, headers: { 'x-station-key': key } });

describe('operator key', () => {
  const { max } = KEY_FAILURE_LIMITS.operator;

  it('after too many wrong keys from an IP, the right key gets the same 429 on every operator route', async () => {
    const ip = '198.51.100.20';
    expect((await impersonation(OPERATOR_KEY, ip)).statusCode).toBe(200);
    for (let i = 0; i < max; i++)
      expect((await impersonation(`wrong-operator-key-${i}`, ip)).statusCode).toBe(403);
    const wrong = await impersonation('wrong-operator-key-last', ip);
    expect(wrong.statusCode).toBe(429);
    const right = await impersonation(OPERATOR_KEY, ip);
    expect(right.statusCode).toBe(429);
    expect(expectErrorShape(right).code).toBe('rate_limited');
    expect(right.headers['retry-after']).toBe(wrong.headers['retry-after']);
    // the refunds operator API shares the count
    expect((await refundsList(OPERATOR_KEY, ip)).statusCode).toBe(429);
    // another client still works
    expect((await refundsList(OPERATOR_KEY, '198.51.100.21')).statusCode).toBe(200);
  });

  it('counts wrong keys on the refunds API too', async () => {
    const ip = '198.51.100.22';
    for (let i = 0; i < max; i++)
      expect((await refundsList(`wrong-operator-key-${i}`, ip)).statusCode).toBe(401);
    expect((await refundsList('wrong-operator-key-last', ip)).statusCode).toBe(429);
    expect((await impersonation(OPERATOR_KEY, ip)).statusCode).toBe(429);
  });
});

describe('station key', () => {
  const { max } = KEY_FAILURE_LIMITS.station;

  it('wrong station keys are counted per IP; then the right key gets 429 as well', async () => {
    const ip = '198.51.100.30';
    expect((await blocklist(DEMO_STATION_KEYS.bar, ip)).statusCode).toBe(200);
    for (let i = 0; i < max; i++)
      expect((await blocklist(`wrong-station-key-000${i}`, ip)).statusCode).toBe(401);
    expect((await blocklist('wrong-station-key-last', ip)).statusCode).toBe(429);
    expect((await blocklist(DEMO_STATION_KEYS.bar, ip)).statusCode).toBe(429);
    expect((await blocklist(DEMO_STATION_KEYS.bar, '198.51.100.31')).statusCode).toBe(200);
  });
});

describe('rate_limits rows', () => {
  const keys = async () =>
    (await queryRows<{ key: string }>(t.app.db, sql`SELECT key FROM rate_limits ORDER BY key`)).map(
      (r) => r.key,
    );

  it('finished windows are purged; live counters stay', async () => {
    const now = new Date('2030-01-01T12:00:00Z');
    await t.app.db.execute(sql`
      INSERT INTO rate_limits (key, count, reset_at) VALUES
        ('old:1', 5, ${new Date(now.getTime() - 3600_000).toISOString()}),
        ('old:2', 1, ${now.toISOString()}),
        ('live:1', 3, ${new Date(now.getTime() + 60_000).toISOString()})`);
    expect(await purgeExpiredLimits(t.app.db, now)).toBe(2);
    expect(await keys()).toEqual(['live:1']);
    expect(await purgeExpiredLimits(t.app.db, now)).toBe(0);
  });

  it('the background worker purges them every minute', async () => {
    await t.app.db.execute(sql`
      INSERT INTO rate_limits (key, count, reset_at) VALUES ('old:w', 9, now() - interval '1 hour'),
        ('live:w', 1, now() + interval '1 hour')`);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stop = startWorker(t.app.db, t.config, t.app.log, []);
    try {
      vi.advanceTimersByTime(60_000);
      for (let i = 0; i < 100 && (await keys()).includes('old:w'); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await keys()).toEqual(['live:w']);
    } finally {
      vi.useRealTimers();
      await stop();
    }
  });
});
