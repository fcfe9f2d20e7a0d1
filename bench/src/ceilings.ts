import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { RESERVE_SQL } from './sql';
import { Recorder, type RunFigures } from './stats';
import { STOCK_ROWS } from './setup';

export interface SqlTarget {
  label: string;
  connections: number;
  run(text: string, params: unknown[]): Promise<number>;
  close(): Promise<void>;
}

/** 16 connections to the bench database on PostgreSQL. */
export function postgresTarget(url: string, connections: number): SqlTarget {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  pool.on('error', () => {});
  return {
    label: `pg Pool, ${connections} connections`,
    connections,
    async run(text, params) {
      const res = await pool.query(text, params);
      return res.rowCount ?? 0;
    },
    close: () => pool.end(),
  };
}

/**
 * On PGlite the app holds its data folder, so the ceiling runs on a second, in-memory PGlite
 * with the same tables: one connection, statements queue behind each other.
 */
export async function pgliteTarget(): Promise<SqlTarget> {
  const db = new PGlite();
  await db.exec(`CREATE TABLE stock (id integer PRIMARY KEY, remaining integer NOT NULL);
    CREATE TABLE reservation (id bigserial PRIMARY KEY, stock_id integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    INSERT INTO stock SELECT g, 1000000000 FROM generate_series(1, ${STOCK_ROWS}) g;`);
  return {
    label: 'PGlite in memory, 1 connection',
    connections: 16,
    async run(text, params) {
      const res = await db.query(text, params);
      return res.affectedRows ?? 0;
    },
    close: () => db.close(),
  };
}

/**
 * Closed loop: `connections` workers each run the reservation statement back to back for
 * `seconds`, on row 1 (`rows` = 1: every worker fights for one row lock) or on a random row
 * of `rows`. Answers statements per second and latency percentiles.
 */
export async function reservationCeiling(
  target: SqlTarget,
  rows: number,
  seconds: number,
): Promise<RunFigures> {
  const rec = new Recorder();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const id = rows === 1 ? 1 : 1 + Math.floor(Math.random() * rows);
      const t0 = performance.now();
      try {
        const n = await target.run(RESERVE_SQL, [id]);
        if (n === 1) rec.success(performance.now() - t0);
        else rec.failure('no_stock');
      } catch (err) {
        rec.errors++;
        rec.failure((err as { code?: string }).code ?? 'error');
      }
    }
  };
  await Promise.all(Array.from({ length: target.connections }, worker));
  return rec.figures((performance.now() - started) / 1000);
}
