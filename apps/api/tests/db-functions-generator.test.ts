import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import {
  compareFunctions,
  functionsFolder,
  loadFunctionSources,
  migrationSql,
  type FunctionChange,
} from '../src/db/functions/functions';

/**
 * What `npm run db:functions` (generate.ts) relies on, on a migrated in-memory PGlite: the
 * comparison finds each kind of change, and the migration it writes brings the database to
 * the sources. (drizzle-kit's own part, the empty custom migration, is not run here.)
 */

let database: Database;
let folder: string;

/** Runs a generated migration the way the migrator does: one statement per breakpoint. */
async function apply(migration: string) {
  for (const statement of migration.split('--> statement-breakpoint')) {
    await database.db.execute(sql.raw(statement));
  }
}
const describeKinds = (changes: FunctionChange[]) =>
  changes
    .map((c) =>
      c.kind === 'removed'
        ? `${c.current.name}: removed`
        : `${c.source.name}: ${c.kind}${c.kind === 'changed' && c.needsDrop ? ' (drop)' : ''}`,
    )
    .sort();

beforeAll(async () => {
  database = await openDatabase({});
  folder = mkdtempSync(path.join(tmpdir(), 'bh-functions-'));
  cpSync(functionsFolder, folder, { recursive: true, filter: (f) => !f.endsWith('.ts') });
  // whatever sources are being edited in this tree, start from a database that holds them
  await apply(migrationSql((await compareFunctions(database.db, loadFunctionSources(folder))).changes));
});
afterAll(async () => {
  await database?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('db:functions generator', () => {
  it('finds a changed body, a changed result type, a new and a removed function, and its migration brings the database to the sources', async () => {
    expect((await compareFunctions(database.db, loadFunctionSources(folder))).changes).toEqual([]);

    const edit = (name: string, from: string, to: string) => {
      const file = path.join(folder, `${name}.sql`);
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(from);
      writeFileSync(file, text.replace(from, to));
    };
    edit('live_sessions', 'RETURNS TABLE (session_id int,', 'RETURNS TABLE (extra int, session_id int,');
    edit('live_sessions', '  SELECT s.id,', '  SELECT 1, s.id,');
    edit(
      'station_pay_batch',
      'DECLARE\n  i int;',
      'DECLARE\n  i int; -- a comment inside the body is the body',
    );
    writeFileSync(
      path.join(folder, 'bh_test_added.sql'),
      '-- a new function\nCREATE OR REPLACE FUNCTION bh_test_added(a int) RETURNS int\nLANGUAGE sql IMMUTABLE AS $$ SELECT a + 1 $$;\n',
    );
    unlinkSync(path.join(folder, 'checkin_scan_batch.sql'));

    const sources = loadFunctionSources(folder);
    const { changes } = await compareFunctions(database.db, sources);
    expect(describeKinds(changes)).toEqual([
      'bh_test_added: added',
      'checkin_scan_batch: removed',
      'live_sessions: changed (drop)',
      'station_pay_batch: changed',
    ]);
    const migration = migrationSql(changes);
    expect(migration).toContain(
      'DROP FUNCTION live_sessions(p_token_hashes text[], p_at timestamp with time zone);',
    );
    expect(migration).toContain('DROP FUNCTION checkin_scan_batch(');
    expect(migration).not.toContain('DROP FUNCTION station_pay_batch');

    await apply(migration);
    expect((await compareFunctions(database.db, sources)).changes).toEqual([]);
    const [row] = (
      (await database.db.execute(sql.raw('SELECT bh_test_added(41) AS n'))) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(row).toEqual({ n: 42 });
  });

  it('ignores trailing blanks and line endings, nothing else', async () => {
    const file = path.join(folder, 'station_pay_batch.sql');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/\n/g, '   \r\n'));
    expect((await compareFunctions(database.db, loadFunctionSources(folder))).changes).toEqual([]);
    writeFileSync(file, text.replace('LOOP\n', 'LOOP\n\n'));
    expect(describeKinds((await compareFunctions(database.db, loadFunctionSources(folder))).changes)).toEqual(
      ['station_pay_batch: changed'],
    );
    writeFileSync(file, text);
  });

  it('refuses a source that is not one unqualified CREATE OR REPLACE FUNCTION named after its file', async () => {
    const bad = mkdtempSync(path.join(tmpdir(), 'bh-functions-bad-'));
    try {
      const refuses = (text: string) => {
        writeFileSync(path.join(bad, 'bh_bad.sql'), text);
        return expect(() => loadFunctionSources(bad)).toThrow(/bh_bad\.sql/);
      };
      refuses('CREATE FUNCTION bh_bad() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;');
      refuses('CREATE OR REPLACE FUNCTION public.bh_bad() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;');
      refuses('CREATE OR REPLACE FUNCTION bh_other() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;');
      refuses(
        'CREATE OR REPLACE FUNCTION bh_bad() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n' +
          'CREATE OR REPLACE FUNCTION bh_bad2() RETURNS int LANGUAGE sql AS $$ SELECT 2 $$;',
      );
      writeFileSync(
        path.join(bad, 'bh_bad.sql'),
        'CREATE OR REPLACE FUNCTION bh_bad() RETURNS int LANGUAGE sql AS $$ SELEC 1 $$;',
      );
      await expect(compareFunctions(database.db, loadFunctionSources(bad))).rejects.toThrow(
        /bh_bad\.sql does not compile/,
      );
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
