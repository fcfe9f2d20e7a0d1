import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase, queryRows, type Database } from '../src/db/client';
import { enqueueMessage } from '../src/lib/outbox';
import { drainOutbox, type Transport } from '../src/worker/outbox-worker';
import { LOGIN_LIMITS } from '../src/modules/identity/login.service';
import { createTestApp, DEMO, injectAs, login, type TestApp } from './helpers';

/**
 * Two API instances on one PostgreSQL database, each with its own connection pool, as two
 * processes behind a load balancer would be. Runs when TEST_DATABASE_URL is set (CI).
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

let a: TestApp;
let bDb: Database;
let b: FastifyInstance;
beforeAll(async () => {
  if (!onPostgres) return;
  a = await createTestApp();
  bDb = await openDatabase({ databaseUrl: a.databaseUrl! });
  b = await buildApp(a.config, bDb);
  await b.ready();
});
afterAll(async () => {
  if (!onPostgres) return;
  await b.close();
  await bDb.close();
  await a.close();
});

describe.skipIf(!onPostgres)('several instances on one database', () => {
  it('share sessions: a token from one instance works on the other, and logout ends it on both', async () => {
    const token = await login(a.app, DEMO.ana);
    expect((await injectAs(b, token, { url: '/api/customers/customer' })).json().data.first_name).toBe('Ana');
    await injectAs(b, token, { method: 'POST', url: '/api/customers/logout' });
    expect((await injectAs(a.app, token, { url: '/api/customers/customer' })).statusCode).toBe(401);
  });

  it('share rate limits: attempts on either instance count against one budget', async () => {
    const wrong = { ...DEMO.rui, password: 'wrong-password' };
    // both instances see one client (one IP) on one account
    const max = LOGIN_LIMITS.perClientAccount.max;
    const codes: number[] = [];
    for (let i = 0; i < max + 2; i++) {
      const app = i % 2 ? a.app : b;
      codes.push(
        (await app.inject({ method: 'POST', url: '/api/customers/login-password', payload: wrong }))
          .statusCode,
      );
    }
    // `max` failures per account per window, then refused on whichever instance
    expect(codes.slice(0, max).every((c) => c === 401)).toBe(true);
    expect(codes.slice(max)).toEqual([429, 429]);
  });

  it('share background jobs: two workers drain the outbox without sending a message twice', async () => {
    for (let i = 0; i < 60; i++) {
      await enqueueMessage(a.database.db, { channel: 'email', recipient: `multi${i}@example.pt`, body: 'x' });
    }
    const sent: string[] = [];
    const transport: Transport = {
      send: async (row) => {
        sent.push(row.recipient);
        await new Promise((r) => setTimeout(r, 2));
      },
    };
    const transports = { email: transport, sms: transport };
    const drainAll = async (db: Database['db']) => {
      while ((await drainOutbox(db, transports, 5)) > 0);
    };
    await Promise.all([drainAll(a.database.db), drainAll(bDb.db)]);
    const mine = sent.filter((r) => r.startsWith('multi'));
    expect(mine).toHaveLength(60);
    expect(new Set(mine).size).toBe(60);
    const [row] = await queryRows<{ n: number }>(
      a.database.db,
      sql`SELECT count(*)::int AS n FROM outbox WHERE recipient LIKE 'multi%' AND status = 'sent'`,
    );
    expect(row!.n).toBe(60);
  });
});
