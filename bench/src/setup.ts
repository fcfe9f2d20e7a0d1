import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/api/src/db/client';
import {
  customerTickets,
  checkinDevices,
  events,
  organizers,
  stations,
  ticketTypes,
} from '../../apps/api/src/db/schema/index';
import { sha256 } from '../../apps/api/src/lib/crypto';
import { hashPassword } from '../../apps/api/src/lib/passwords';
import { ensureEventSigningKey } from '../../apps/api/src/modules/tickets/signing-key.repository';
import { signTicketToken } from '../../apps/api/src/modules/tickets/ticket-token';
import { seedDemo } from '../../apps/api/src/seed/seed';

import { repoRoot } from './paths';

export { repoRoot };

/** Bench customers (besides the demo ones) so logins and checkouts do not share one account. */
export const BENCH_CUSTOMERS = 40;
export const BENCH_PASSWORD = 'Bench!2026';
export const benchMobile = (i: number) => `9300${String(i).padStart(5, '0')}`;

/**
 * Checkout buyers, each with a session made here (logging 30,000 people in through the API
 * would take the bench minutes): every order of a checkout run comes from a buyer whose
 * earlier order it does not replace and whose per-customer order limit it does not reach.
 */
export const BENCH_BUYERS = 30_000;
export const benchBuyerToken = (i: number) => `bench-buyer-session-${String(i).padStart(5, '0')}`;

/** The bench's own private event (never listed): 100 ticket types, a door, a bar. */
export const BENCH_EVENT_SLUG = 'bench-arena';
export const BENCH_TYPES = 100;
/**
 * A stadium's scanners: scans rotate over this many door devices, so the per-device limit
 * (CHECKIN_DEVICE_RATE_PER_SECOND, 50/s) stays on and is not what the bench measures.
 */
export const BENCH_DOORS = 128;
export const benchDoorKey = (i: number) => `bench-door-key-${String(i).padStart(12, '0')}`;
export const BENCH_STATION_KEY = 'bench-station-key-0000000001';
export const BENCH_WALLETS = 10_000;
export const benchBraceletUid = (i: number) => `BENCH${String(i).padStart(6, '0')}`;
/** Valid, unused tickets for the check-in scenario (each scan admits a fresh one). */
export const BENCH_TICKETS = Number(process.env.BENCH_TICKETS ?? 80_000);

/** Rows of the raw reservation ceiling (spec: one row and 100 rows). */
export const STOCK_ROWS = 100;

/** The app's environment in the bench (its database's variables apart): production mode, worker on. */
export function benchAppEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    WORKER: 'true',
    SEED_DEMO: 'true',
    // production takes no real money here: each unsafe choice is allowed explicitly
    ALLOW_SANDBOX_PAYMENTS: 'true',
    ALLOW_DEMO_DATA: 'true',
    ALLOW_EMBEDDED_DATABASE: 'true',
    ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    LINK_SIGNING_SECRET: randomBytes(32).toString('hex'),
    TRUSTED_PROXIES: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:3000',
    // 40 bench customers order far more than 10 a minute each: the limit is not measured
    ORDER_RATE_PER_CUSTOMER_PER_MINUTE: '0',
  };
}

export interface BenchDatabase {
  driver: 'postgres' | 'pglite';
  /** for the app: either DATABASE_URL or DATA_DIR */
  appEnv: Record<string, string>;
  /** PostgreSQL URL of the bench database (postgres only) */
  url?: string;
  /** signed, unused ticket tokens of the bench event */
  tickets: string[];
  /** drops the bench database or removes the data folder */
  dispose(): Promise<void>;
  describe: string;
}

/**
 * A fresh database for this run: on the PostgreSQL server of DATABASE_URL a new database
 * `bench_<time>`; otherwise a PGlite data folder in the temp dir. Migrated and seeded through
 * the app's own openDatabase/seedDemo, plus the bench's own fixtures.
 */
export async function prepareDatabase(
  databaseUrl: string | undefined,
  keep: boolean,
): Promise<BenchDatabase> {
  const now = new Date();
  if (databaseUrl) {
    const name = `bench_${now.toISOString().replace(/\D/g, '').slice(0, 14)}_${Math.floor(Math.random() * 1e4)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    const tickets = await fill(database, now);
    await database.close();
    return {
      tickets,
      driver: 'postgres',
      url: url.toString(),
      appEnv: { DATABASE_URL: url.toString() },
      describe: `PostgreSQL ${await serverVersion(url.toString())}, database ${name} on ${url.host}`,
      async dispose() {
        if (keep) return;
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bilheteira-bench-'));
  const database = await openDatabase({ dataDir });
  const tickets = await fill(database, now);
  await database.close();
  return {
    tickets,
    driver: 'pglite',
    appEnv: { DATA_DIR: dataDir },
    describe: `PGlite (embedded, one connection) in ${dataDir} — set DATABASE_URL for production figures`,
    async dispose() {
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function serverVersion(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ server_version: string }>('SHOW server_version');
  await c.end();
  return rows[0]?.server_version ?? '?';
}

async function fill(database: Database, now: Date): Promise<string[]> {
  await seedDemo(database.db, now);
  const { db } = database;
  // The raw ceiling's own tables (never touched by the app).
  await db.execute(
    sql.raw(`CREATE TABLE IF NOT EXISTS stock (id integer PRIMARY KEY, remaining integer NOT NULL)`),
  );
  await db.execute(
    sql.raw(`CREATE TABLE IF NOT EXISTS reservation (id bigserial PRIMARY KEY, stock_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`),
  );
  await db.execute(
    sql.raw(`INSERT INTO stock (id, remaining) SELECT g, 1000000000 FROM generate_series(1, ${STOCK_ROWS}) g
      ON CONFLICT (id) DO NOTHING`),
  );
  const tickets = await benchEvent(database, now);
  // Bench customers: active, one shared argon2 hash (the cost per login is the same).
  const hash = await hashPassword(BENCH_PASSWORD);
  for (let i = 0; i < BENCH_CUSTOMERS; i++) {
    await db.execute(sql`
      INSERT INTO customers (first_name, last_name, email, mobile, mobile_country_code, password_hash, status,
        mobile_verified_at)
      VALUES ('Bench', ${String(i)}, ${`bench${i}@example.test`}, ${`+351${benchMobile(i)}`}, '351', ${hash},
        'active', now())
      ON CONFLICT (mobile) DO NOTHING`);
  }
  await db.execute(sql`
    INSERT INTO customers (first_name, last_name, email, mobile, mobile_country_code, password_hash, status,
      mobile_verified_at)
    SELECT 'Buyer', g::text, 'buyer' || g || '@example.test', '+3519400' || lpad(g::text, 5, '0'), '351',
      ${hash}, 'active', now()
    FROM generate_series(0, ${BENCH_BUYERS - 1}) g
    ON CONFLICT (mobile) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO customer_sessions (customer_id, token_hash, expires_at)
    SELECT c.id, encode(sha256(convert_to('bench-buyer-session-' || substr(c.mobile, 9), 'UTF8')), 'hex'),
      now() + interval '1 day'
    FROM customers c WHERE c.mobile LIKE '+3519400%'
    ON CONFLICT (token_hash) DO NOTHING`);
  return tickets;
}

/**
 * A private event happening now with 100 ticket types of ample stock (checkout contention),
 * a door device and signed tickets (check-in), a bar station and 10,000 funded bracelets
 * whose balance is a real ledger top-up (station payments).
 */
async function benchEvent(database: Database, now: Date): Promise<string[]> {
  const { db } = database;
  const [org] = await db
    .select({ id: organizers.id })
    .from(organizers)
    .where(eq(organizers.slug, 'promotora-demo'));
  const [ev] = await db
    .insert(events)
    .values({
      organizerId: org!.id,
      slug: BENCH_EVENT_SLUG,
      name: 'Bench Arena',
      address: 'Bench',
      startsAt: new Date(now.getTime() - 3600_000),
      endsAt: new Date(now.getTime() + 6 * 3600_000),
      visibility: 'private',
      contactEmail: 'bench@example.test',
      walletEnabled: true,
    })
    .returning({ id: events.id });
  const eventId = ev!.id;
  const types = await db
    .insert(ticketTypes)
    .values(
      Array.from({ length: BENCH_TYPES }, (_, i) => ({
        eventId,
        name: `Bench ${i + 1}`,
        priceCents: 1000,
        quantity: 100_000_000,
        maxPerOrder: 10,
        sortOrder: i,
      })),
    )
    .returning({ id: ticketTypes.id });
  await db.insert(checkinDevices).values(
    Array.from({ length: BENCH_DOORS }, (_, i) => ({
      eventId,
      name: `Bench door ${i + 1}`,
      keyHash: sha256(benchDoorKey(i + 1)),
    })),
  );
  const key = await ensureEventSigningKey(db, eventId);
  const typeId = types[0]!.id;
  const tokens: string[] = [];
  for (let start = 0; start < BENCH_TICKETS; start += 2000) {
    const rows = Array.from({ length: Math.min(2000, BENCH_TICKETS - start) }, () => ({
      token: signTicketToken(key.privateKey, { eventId, ticketTypeId: typeId, sessionId: null }),
      eventId,
      ticketTypeId: typeId,
    }));
    await db.insert(customerTickets).values(rows);
    tokens.push(...rows.map((r) => r.token));
  }
  await db.insert(stations).values({ eventId, name: 'Bench bar', keyHash: sha256(BENCH_STATION_KEY) });
  await db.execute(sql`
    INSERT INTO wallets (customer_id, event_id, balance_cents, online_cents)
    SELECT NULL, ${eventId}, 1000000000, 0 FROM generate_series(1, ${BENCH_WALLETS})`);
  await db.execute(sql`
    INSERT INTO wallet_transactions (wallet_id, type, amount_cents, online_delta_cents, description, idempotency_key, occurred_at)
    SELECT id, 'topup', 1000000000, 0, 'bench funding', 'bench:topup:' || id, now() FROM wallets WHERE event_id = ${eventId}`);
  await db.execute(sql`
    INSERT INTO bracelets (event_id, uid, code, wallet_id, status)
    SELECT ${eventId}, 'BENCH' || lpad(rn::text, 6, '0'), (300000 + rn)::text, id, 'active'
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM wallets WHERE event_id = ${eventId}) w`);
  return tokens;
}
