import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seedDemo } from '../src/seed/seed';

/**
 * Vitest global setup of the api project: builds, once per run, a migrated database and a
 * migrated + demo-seeded one, which createTestApp (helpers.ts) clones per test file instead
 * of migrating and seeding again. Built fresh on every run from the tree's migrations and
 * seed, so a template never lags behind a new migration.
 * - PostgreSQL (TEST_DATABASE_URL): two template databases, cloned with CREATE DATABASE …
 *   TEMPLATE and dropped at the end of the run.
 * - PGlite: two data-folder dumps (tar files) that each test file loads into a new PGlite.
 */
export interface TestTemplates {
  /** the seed's clock: a test file may use the seeded template only on the same UTC day */
  seededAt: string;
  /** PostgreSQL template database names */
  pg?: { migrated: string; seeded: string };
  /** PGlite data-folder dumps */
  pglite?: { migrated: string; seeded: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates | null;
  }
}

function databaseUrl(base: string, name: string) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Templates of runs that were killed before their teardown (t_tpl_<pid>_<start>_…): dropped
 * once more than an hour old and their process is gone, so they do not pile up.
 */
async function dropAbandonedTemplates(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 't\\_tpl\\_%'",
  );
  for (const { datname } of rows) {
    const [, pid, started] = /^t_tpl_(\d+)_([0-9a-z]+)_[ms]$/.exec(datname) ?? [];
    if (!pid || !started || Date.now() - parseInt(started, 36) < 3600_000) continue;
    let alive = true;
    try {
      process.kill(Number(pid), 0);
    } catch (err) {
      alive = (err as NodeJS.ErrnoException).code !== 'ESRCH';
    }
    if (!alive) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
}

export default async function setup(project: TestProject) {
  const now = new Date();
  const base = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_NO_TEMPLATE) {
    project.provide('testTemplates', null);
    return;
  }
  if (base) {
    const run = `${process.pid}_${Date.now().toString(36)}`;
    const names = { migrated: `t_tpl_${run}_m`, seeded: `t_tpl_${run}_s` };
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await dropAbandonedTemplates(admin);
      for (const [kind, name] of Object.entries(names)) {
        await admin.query(`CREATE DATABASE ${name}`);
        // closed before any clone: a template must have no open connection while copied
        const database = await openDatabase({ databaseUrl: databaseUrl(base, name), poolSize: 1 });
        try {
          if (kind === 'seeded') await seedDemo(database.db, now);
        } finally {
          await database.close();
        }
      }
    } finally {
      await admin.end();
    }
    project.provide('testTemplates', { seededAt: now.toISOString(), pg: names });
    return async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      for (const name of Object.values(names)) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bilheteira-test-templates-'));
  const files = { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
  const database = await openDatabase({});
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    fs.writeFileSync(files.migrated, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await seedDemo(database.db, now);
    fs.writeFileSync(files.seeded, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('testTemplates', { seededAt: now.toISOString(), pglite: files });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
