import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { createHash } from 'node:crypto';
import pg from 'pg';
import * as schema from './schema/index';

/** One type for both drivers (DESIGN §6). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * PostgreSQL when a URL is given (production, several instances), else embedded PGlite in
 * `dataDir` (zero setup; fsync off, one connection). Migrations are applied on open.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** longest wait for a pooled connection before the query fails (→ 503) */
  queueTimeoutMs?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      connectionTimeoutMillis: opts.queueTimeoutMs ?? 5_000,
    });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { relaxedDurability: true });
  } else {
    client = new PGlite();
  }
  const database = drizzlePglite(client, { schema });
  await migratePglite(database, { migrationsFolder });
  return { db: database as unknown as Db, driver: 'pglite', close: () => client.close() };
}

/** Runs raw SQL and answers its rows, typed by the caller (both drivers answer `.rows`). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** True for a transaction handle (Drizzle gives only the database its `$client`). */
export function isTransaction(db: DbOrTx): db is Tx {
  return !(db as { $client?: unknown }).$client;
}

interface RawClient {
  query(
    query: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

/**
 * Runs one hot statement as a NAMED prepared statement on PostgreSQL: each pooled connection
 * parses and plans it once, later calls send only the parameters (a door scan or a bar
 * payment is one such statement, thousands of times a minute). On PGlite it is a plain
 * parameterised query. Not for use inside a transaction (it takes its own pooled connection).
 */
export async function preparedRows<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: RawClient }).$client;
  const res =
    client instanceof pg.Pool ? await client.query({ name, text, values }) : await client.query(text, values);
  return res.rows as T[];
}

const dialect = new PgDialect();

/**
 * queryRows for a hot statement built with the sql template: on PostgreSQL outside a
 * transaction it runs as a named prepared statement, named after its text (statements of the
 * same shape share one plan per connection); anywhere else it is a plain query.
 */
export async function preparedQueryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: RawClient }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `q${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  const res = await client.query({ name, text, values: params });
  return res.rows as T[];
}
