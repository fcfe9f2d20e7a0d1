import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
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
 * The real app on a fresh database: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (CI) so each test file is isolated.
 */
export async function createTestApp(
  opts: { seed?: boolean; now?: Date; config?: Partial<Config>; poolSize?: number } = {},
): Promise<TestApp> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' },
    opts.config,
  );
  let dropDatabase = async () => {};
  let database: Database;
  let databaseUrl: string | undefined;
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ databaseUrl, poolSize: opts.poolSize });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    database = await openDatabase({});
  }
  if (opts.seed !== false) await seedDemo(database.db, opts.now ?? new Date());
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
