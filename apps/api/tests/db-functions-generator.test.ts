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

const BODY = `-- a plpgsql function over several lines
CREATE OR REPLACE FUNCTION bh_test_body(a int[]) RETURNS TABLE (n int)
LANGUAGE plpgsql AS $$
DECLARE
  i int;
BEGIN
  FOR i IN 1 .. coalesce(array_length(a, 1), 0) LOOP
    n := a[i] * 2;
    RETURN NEXT;
  END LOOP;
END
$$;
`;
const write = (name: string, text: string) => writeFileSync(path.join(folder, `${name}.sql`), text);
const sql1 = (name: string, result: string, body: string) =>
  `CREATE OR REPLACE FUNCTION ${name}(a int) RETURNS ${result}\nLANGUAGE sql IMMUTABLE AS $$ ${body} $$;\n`;

describe('db:functions generator', () => {
  it('finds a changed body, a changed result type, a new and a removed function, and its migration brings the database to the sources', async () => {
    write('bh_test_body', BODY);
    write('bh_test_result', sql1('bh_test_result', 'int', 'SELECT a'));
    write('bh_test_removed', sql1('bh_test_removed', 'int', 'SELECT a'));
    const first = await compareFunctions(database.db, loadFunctionSources(folder));
    expect(describeKinds(first.changes)).toEqual([
      'bh_test_body: added',
      'bh_test_removed: added',
      'bh_test_result: added',
    ]);
    await apply(migrationSql(first.changes));
    expect((await compareFunctions(database.db, loadFunctionSources(folder))).changes).toEqual([]);

    write('bh_test_body', BODY.replace('  i int;', '  i int; -- a comment inside the body is the body'));
    write('bh_test_result', sql1('bh_test_result', 'bigint', 'SELECT a::bigint'));
    unlinkSync(path.join(folder, 'bh_test_removed.sql'));
    write('bh_test_added', '-- a new function\n' + sql1('bh_test_added', 'int', 'SELECT a + 1'));
    const sources = loadFunctionSources(folder);
    const { changes } = await compareFunctions(database.db, sources);
    expect(describeKinds(changes)).toEqual([
      'bh_test_added: added',
      'bh_test_body: changed',
      'bh_test_removed: removed',
      'bh_test_result: changed (drop)',
    ]);
    const migration = migrationSql(changes);
    expect(migration).toContain('DROP FUNCTION bh_test_result(a integer);');
    expect(migration).toContain('DROP FUNCTION bh_test_removed(a integer);');
    expect(migration).not.toContain('DROP FUNCTION bh_test_body');
    expect(migration).toContain('-- a new function\nCREATE OR REPLACE FUNCTION bh_test_added(a int)');

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
    const text = readFileSync(path.join(folder, 'bh_test_body.sql'), 'utf8');
    write('bh_test_body', text.replace(/\n/g, '   \r\n'));
    expect((await compareFunctions(database.db, loadFunctionSources(folder))).changes).toEqual([]);
    write('bh_test_body', text.replace('LOOP\n', 'LOOP\n\n'));
    expect(describeKinds((await compareFunctions(database.db, loadFunctionSources(folder))).changes)).toEqual(
      ['bh_test_body: changed'],
    );
    write('bh_test_body', text);
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
