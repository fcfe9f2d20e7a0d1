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
import { openEmbeddedFolder } from './embedded-folder';

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

/** Where the database layer reports what an operator should know (a pino logger fits). */
export interface DbLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
const silentLog: DbLog = { info: () => {}, warn: () => {}, error: () => {} };
/** Without a logger, what concerns the data folder still reaches the operator (ops commands). */
const consoleLog: DbLog = {
  info: () => {},
  warn: (_obj, msg) => console.warn(msg),
  error: (_obj, msg) => console.error(msg),
};

/**
 * Keeps the process alive when PostgreSQL drops connections (failover, restart, a pooler
 * killing sessions, pg_terminate_backend):
 * - every client gets an 'error' listener the moment it connects. pg-pool listens only
 *   while a client is idle; a connection that dies while checked out (mid-transaction)
 *   emits 'error' on the client, and with no listener Node ends the process. The query in
 *   flight still rejects, so the request answers 503 and the transaction is rolled back by
 *   the server; pg-pool drops the dead client when it is released and opens a new one.
 * - a transaction whose BEGIN fails gives its client back destroyed: Drizzle 0.45 sends
 *   BEGIN before the try/finally that releases the client (drizzle-orm#6241), so each such
 *   failure would hold a pool slot for the life of the process.
 */
function watchConnections(pool: pg.Pool, log: DbLog): void {
  pool.on('error', (err) => log.warn({ err }, 'database connection lost (idle); the pool replaces it'));
  pool.on('connect', (client) => {
    client.on('error', (err) => log.warn({ err }, 'database connection lost (in use); the pool replaces it'));
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | null)?.text;
      if (typeof text === 'string' && /^\s*begin\b/i.test(text) && result instanceof Promise) {
        result.catch((err: unknown) => {
          const release = client.release;
          // the client is destroyed for good: a later release (a Drizzle that fixed its
          // bug) must not throw pg-pool's double-release error over the real one
          client.release = () => {};
          try {
            release(err instanceof Error ? err : new Error(String(err)));
          } catch {
            // already released by its holder
          }
        });
      }
      return result;
    };
  });
}

/**
 * PostgreSQL when a URL is given (production, several instances), else embedded PGlite in
 * `dataDir` (zero setup, one connection; see embedded-folder.ts for what survives a crash).
 * Migrations are applied on open.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** longest wait for a pooled connection before the query fails (→ 503) */
  queueTimeoutMs?: number;
  log?: DbLog;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      connectionTimeoutMillis: opts.queueTimeoutMs ?? 5_000,
    });
    watchConnections(pool, opts.log ?? silentLog);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  // a data folder: locked, restored from its last good copy if it cannot be opened, and
  // checkpointed and copied on close (embedded-folder.ts); no folder: in memory (tests)
  const folder = opts.dataDir ? await openEmbeddedFolder(opts.dataDir, opts.log ?? consoleLog) : undefined;
  const client = folder?.client ?? new PGlite();
  try {
    const database = drizzlePglite(client, { schema });
    await migratePglite(database, { migrationsFolder });
    return {
      db: database as unknown as Db,
      driver: 'pglite',
      close: () => (folder ? folder.close() : client.close()),
    };
  } catch (err) {
    await (folder ? folder.close() : client.close()).catch(() => {});
    throw err;
  }
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
