/**
 * PostgreSQL dropping every connection of the database while the real server (src/server.ts,
 * with its background worker) takes orders and payments (issue 23, item 2): a failover, a
 * restart or a pooler killing sessions. The process must stay up, answer only 2xx, 4xx or
 * 503 (with Retry-After) meanwhile, be ready again within seconds without a restart, and
 * leave the money and stock consistent: a transaction cut off is rolled back whole.
 *
 * PostgreSQL only (CI sets TEST_DATABASE_URL): PGlite has no connections to lose.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client';
import { customers } from '../src/db/schema/index';
import { createSession } from '../src/modules/identity/session.service';
import { startBuyAndPayLoad, unexpectedAnswers } from './buy-and-pay-load';
import { createTestApp, type TestApp } from './helpers';
import { moneyInvariantViolations, stockBaseline } from './money-invariants';
import { startServer, type ServerProcess } from './server-process';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const CLIENTS = 8;

let t: TestApp;
let server: ServerProcess | undefined;
beforeAll(async () => {
  if (onPostgres) t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
}, 60_000);
afterAll(async () => {
  await server?.killGroup();
  if (onPostgres) await t.close();
});

/** Every backend of the test's database but the one asking; answers how many were ended. */
async function terminateBackends(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const res = await admin.query(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
       WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [new URL(databaseUrl).pathname.slice(1)],
    );
    return res.rows.filter((r: { ended: boolean }) => r.ended).length;
  } finally {
    await admin.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres)('losing every database connection under a buy-and-pay load', () => {
  it('stays up, answers 503 + Retry-After (never 500), recovers alone, money invariants hold', async () => {
    const db = t.database.db;
    const [type] = await queryRows<{ id: number; event_id: number }>(
      db,
      sql`SELECT t.id, t.event_id FROM ticket_types t JOIN events e ON e.id = t.event_id
          WHERE e.slug = 'festival-demo' ORDER BY t.sort_order, t.id LIMIT 1`,
    );
    await db.execute(sql`UPDATE ticket_types SET quantity = sold + reserved + 100000 WHERE id = ${type!.id}`);
    // one customer per client, sessions made directly (logins are not what is tested)
    const people = await db
      .insert(customers)
      .values(
        Array.from({ length: CLIENTS + 1 }, (_, i) => ({
          firstName: 'Carga',
          lastName: String(i),
          status: 'active',
        })),
      )
      .returning({ id: customers.id });
    const tokens = await Promise.all(people.map((p) => createSession(db, p.id, new Date())));
    const baseline = await stockBaseline(db);

    server = await startServer({
      DATABASE_URL: t.databaseUrl!,
      SEED_DEMO: 'false',
      WORKER: 'true',
      // the load is not about throttling: every client keeps buying
      ORDER_RATE_PER_CUSTOMER_PER_MINUTE: '0',
      ORDER_RATE_PER_IP_PER_MINUTE: '0',
    });
    const load = startBuyAndPayLoad(server.base, tokens.slice(0, CLIENTS), {
      eventId: type!.event_id,
      ticketTypeId: type!.id,
      topupCents: 1000,
    });
    await sleep(1500);
    const ended: number[] = [];
    for (let i = 0; i < 3; i++) {
      if (i) await sleep(3000);
      ended.push(await terminateBackends(t.databaseUrl!));
    }
    const lastKill = Date.now();
    await sleep(1000);
    const { answers, created, paid } = await load.stop();

    expect(server.alive(), server.output()).toBe(true);
    let readyAfterMs = -1;
    while (Date.now() - lastKill < 10_000) {
      const ok = await fetch(`${server.base}/api/ready`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) {
        readyAfterMs = Date.now() - lastKill;
        break;
      }
      await sleep(100);
    }
    expect(
      readyAfterMs,
      `not ready within 10 s of the last termination:\n${server.output().slice(-3000)}`,
    ).toBeGreaterThanOrEqual(0);
    expect(unexpectedAnswers(answers), JSON.stringify(answers)).toEqual({});
    // the faults really hit requests in flight, and the load went on around them
    expect(
      ended.every((n) => n > 0),
      `backends ended: ${ended}`,
    ).toBe(true);
    expect((answers['create 503'] ?? 0) + (answers['pay 503'] ?? 0), JSON.stringify(answers)).toBeGreaterThan(
      0,
    );
    expect(paid.length).toBeGreaterThan(CLIENTS);

    // after: a buy-and-pay goes through, on the same process (a customer of its own: one
    // whose pay call was cut off has that attempt open until it expires)
    const after = startBuyAndPayLoad(server.base, tokens.slice(CLIENTS), {
      eventId: type!.event_id,
      ticketTypeId: type!.id,
    });
    await sleep(500);
    const again = await after.stop();
    expect(again.paid.length, JSON.stringify(again.answers)).toBeGreaterThan(0);

    // everything the API confirmed is there; nothing half-written
    const rows = await queryRows<{ id: number; status: string }>(
      db,
      sql`SELECT id, status FROM orders WHERE id = ANY(${`{${[...created, ...again.created].join(',')}}`}::int[])`,
    );
    expect(rows.length).toBe(created.length + again.created.length);
    const status = new Map(rows.map((r) => [r.id, r.status]));
    expect([...paid, ...again.paid].filter((id) => status.get(id) !== 'paid')).toEqual([]);
    // the worker survived too: the confirmation emails of the paid orders go out
    const end = Date.now() + 10_000;
    let unsent = -1;
    while (Date.now() < end) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM outbox WHERE status = 'pending' AND run_at <= now()`,
      );
      unsent = row!.n;
      if (unsent === 0) break;
      await sleep(200);
    }
    expect(unsent, 'outbox drained by the surviving worker').toBe(0);
    expect(await moneyInvariantViolations(db, baseline)).toEqual([]);
    expect(server.alive()).toBe(true);
    console.info(
      `[connection-loss] backends ended ${ended.join('/')}; ready ${readyAfterMs} ms after the last; ` +
        `${created.length} orders created, ${paid.length} paid; answers ${JSON.stringify(answers)}`,
    );
  }, 60_000);

  it('a transaction whose connection dies before BEGIN gives its pool slot back', async () => {
    // one connection, and a short wait for it: a slot held by a dead client would time out
    const own = await openDatabase({ databaseUrl: t.databaseUrl!, poolSize: 1, queueTimeoutMs: 2000 });
    try {
      const pool = (own.db as unknown as { $client: pg.Pool }).$client;
      pool.once('acquire', (client: pg.PoolClient) => {
        (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      });
      await expect(own.db.transaction(async (tx) => tx.execute(sql`SELECT 1`))).rejects.toThrow();
      const [row] = await own.db.transaction((tx) => queryRows<{ one: number }>(tx, sql`SELECT 1 AS one`));
      expect(row!.one).toBe(1);
    } finally {
      await own.close();
    }
  }, 15_000);
});
