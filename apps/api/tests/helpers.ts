import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database, type Db } from '../src/db/client';
import * as schema from '../src/db/schema/index';
import { seedDemo } from '../src/seed/seed';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** the PostgreSQL URL of this test's own database (undefined on PGlite) */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * Which of the run's template databases (template-db.setup.ts) gives this test file what it
 * asks for: the migrated one for `seed: false`, the seeded one when the seed's clock would
 * be equivalent (no `now` given and the same UTC day as the template's seed), else none
 * (migrate and seed here). No templates when run outside the api project's global setup.
 */
function templateFor(opts: { seed?: boolean; now?: Date }): 'migrated' | 'seeded' | undefined {
  if (opts.seed === false) return 'migrated';
  if (opts.now) return undefined;
  const seededAt = inject('testTemplates')?.seededAt;
  if (!seededAt || seededAt.slice(0, 10) !== new Date().toISOString().slice(0, 10)) return undefined;
  return 'seeded';
}

/** A new in-memory PGlite loaded from a template's data-folder dump (already migrated). */
async function openPgliteFrom(file: string): Promise<Database> {
  const client = new PGlite({ loadDataDir: new Blob([fs.readFileSync(file)]) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, driver: 'pglite', close: () => client.close() };
}

/**
 * The real app on a fresh database: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (CI) so each test file is isolated. Under Vitest the
 * database is a copy of the run's migrated (or migrated + seeded) template when that is what
 * the options ask for (template-db.setup.ts), else it is migrated and seeded here.
 */
export async function createTestApp(
  opts: { seed?: boolean; now?: Date; config?: Partial<Config>; poolSize?: number } = {},
): Promise<TestApp> {
  const config = loadConfig(
    // the public cache off: API tests change stock and read it back at once (sale-facts-cache.test.ts turns it on)
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', PUBLIC_CACHE_MS: '0' },
    opts.config,
  );
  const templates = inject('testTemplates');
  const template = templates ? templateFor(opts) : undefined;
  let dropDatabase = async () => {};
  let database: Database;
  let databaseUrl: string | undefined;
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const from = template && templates?.pg?.[template];
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(from ? `CREATE DATABASE ${name} TEMPLATE ${from}` : `CREATE DATABASE ${name}`);
    // a test database outlives no server crash: commits need not wait for the disk (a killed
    // API process loses nothing either way; PostgreSQL itself stays up)
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // a small pool unless the test races many requests: five files at once, each with its
    // own app, stay within PostgreSQL's default 100 connections
    database = await openDatabase({ databaseUrl, poolSize: opts.poolSize ?? 8 });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const from = template && templates?.pglite?.[template];
    database = from ? await openPgliteFrom(from) : await openDatabase({});
  }
  if (opts.seed !== false && template !== 'seeded') await seedDemo(database.db, opts.now ?? new Date());
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

export const DEMO = {
  ana: { mobile_country_code: '351', mobile: '912345678', password: 'Demo!2026' },
  rui: { mobile_country_code: '351', mobile: '913456789', password: 'Demo!2026' },
} as const;

/** Logs a demo customer in and answers their bearer token. */
export async function login(
  app: FastifyInstance,
  who: { mobile_country_code: string; mobile: string; password: string },
) {
  const res = await app.inject({ method: 'POST', url: '/api/customers/login-password', payload: who });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ accessToken: string }>().accessToken;
}

/** inject with a bearer token. */
export function injectAs(app: FastifyInstance, token: string, opts: InjectOptions) {
  return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), authorization: `Bearer ${token}` } });
}

/** Asserts the error shape of DESIGN §3 and answers the parsed body. */
export function expectErrorShape(res: { statusCode: number; json(): unknown }) {
  const body = res.json() as { message: unknown; code: unknown; errors: unknown };
  if (typeof body.message !== 'string' || typeof body.code !== 'string' || typeof body.errors !== 'object') {
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  }
  return body as { message: string; code: string; errors: Record<string, string[]> };
}
