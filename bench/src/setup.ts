import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/api/src/db/client';
import { hashPassword } from '../../apps/api/src/lib/passwords';
import { seedDemo } from '../../apps/api/src/seed/seed';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Bench customers (besides the demo ones) so logins and checkouts do not share one account. */
export const BENCH_CUSTOMERS = 40;
export const BENCH_PASSWORD = 'Bench!2026';
export const benchMobile = (i: number) => `9300${String(i).padStart(5, '0')}`;

/** Rows of the raw reservation ceiling (spec: one row and 100 rows). */
export const STOCK_ROWS = 100;

export interface BenchDatabase {
  driver: 'postgres' | 'pglite';
  /** for the app: either DATABASE_URL or DATA_DIR */
  appEnv: Record<string, string>;
  /** PostgreSQL URL of the bench database (postgres only) */
  url?: string;
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
    await fill(database, now);
    await database.close();
    return {
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
  await fill(database, now);
  await database.close();
  return {
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

async function fill(database: Database, now: Date) {
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
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface Child {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
  /** last lines the child wrote to stderr (for error messages) */
  tail(): string;
}

/** Starts a Node child (`node --import tsx <script>`) and waits until `readyPath` answers 200. */
export async function startChild(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  timeoutMs = 90_000,
): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(url + readyPath);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not become ready in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    tail: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
