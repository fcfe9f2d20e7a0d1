import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, expectErrorShape, injectAs, type TestApp } from './helpers';

/**
 * The database dropping every connection under load (a restart or failover, as seen by the
 * API): answers are 200 or 503 with a retry hint, never another 5xx; the API recovers by
 * itself, and everything it confirmed (here: sessions from logins) is still there.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await createTestApp();
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

async function killConnections(databaseUrl: string) {
  const dbName = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [dbName],
  );
  await admin.end();
}

describe.skipIf(!onPostgres)('database faults', () => {
  it('answers 503 + Retry-After while connections die, recovers alone, keeps what it confirmed', async () => {
    const requests: Promise<{ kind: string; res: Awaited<ReturnType<typeof t.app.inject>> }>[] = [];
    for (let i = 0; i < 60; i++) {
      requests.push(t.app.inject('/api/events/festival-demo').then((res) => ({ kind: 'read', res })));
      if (i % 10 === 0) {
        requests.push(
          t.app
            .inject({ method: 'POST', url: '/api/customers/login-password', payload: DEMO.ana })
            .then((res) => ({ kind: 'login', res })),
        );
      }
      if (i === 20 || i === 40) await killConnections(t.databaseUrl!);
    }
    const results = await Promise.all(requests);
    for (const { res } of results) {
      expect([200, 503]).toContain(res.statusCode);
      if (res.statusCode === 503) {
        expect(res.headers['retry-after']).toBeDefined();
        expectErrorShape(res);
      }
    }
    // the fault really hit requests in flight
    expect(results.map((r) => r.res.statusCode)).toContain(503);
    // recovered: fresh connections serve requests again without a restart
    expect((await t.app.inject('/api/events/festival-demo')).statusCode).toBe(200);
    // every login the API confirmed still works
    const tokens = results
      .filter((r) => r.kind === 'login' && r.res.statusCode === 200)
      .map((r) => r.res.json<{ accessToken: string }>().accessToken);
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) {
      expect((await injectAs(t.app, token, { url: '/api/customers/customer' })).statusCode).toBe(200);
    }
  });
});
