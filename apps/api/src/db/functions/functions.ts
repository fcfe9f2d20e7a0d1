import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * The database functions' sources (one `<name>.sql` per function in this folder, README.md)
 * and the comparison of those sources with what a migrated database holds. Used by the
 * migration generator (generate.ts) and by the test that a freshly migrated database holds
 * exactly the sources (tests/db-functions.test.ts).
 */

export const functionsFolder = path.dirname(fileURLToPath(import.meta.url));

export interface FunctionSource {
  name: string;
  /** path relative to the repository root, for messages and migration comments */
  file: string;
  /** the whole file: explanatory comments, then one CREATE OR REPLACE FUNCTION statement */
  text: string;
}

/** One function as PostgreSQL reconstructs it (so formatting of the header does not matter). */
export interface FunctionDefinition {
  name: string;
  /** pg_get_function_identity_arguments: what DROP FUNCTION needs */
  identityArgs: string;
  /** pg_get_function_result */
  result: string;
  /** pg_get_functiondef, schema-neutral and whitespace-normalised */
  definition: string;
}

export type FunctionChange =
  | { kind: 'added'; source: FunctionSource; wanted: FunctionDefinition }
  | {
      kind: 'changed';
      source: FunctionSource;
      wanted: FunctionDefinition;
      current: FunctionDefinition;
      /** CREATE OR REPLACE cannot change arguments or result type: drop the old one first */
      needsDrop: boolean;
    }
  | { kind: 'removed'; current: FunctionDefinition };

export interface FunctionComparison {
  /** sources whose function the database holds exactly */
  same: string[];
  changes: FunctionChange[];
}

const SCRATCH = 'bh_function_source_scratch';
const repoRoot = path.resolve(functionsFolder, '../../../../..');

/** Reads every `<name>.sql` of the folder; checks each is one function named as its file. */
export function loadFunctionSources(folder = functionsFolder): FunctionSource[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      const name = f.slice(0, -'.sql'.length);
      const full = path.join(folder, f);
      const text = readFileSync(full, 'utf8').replace(/\r\n/g, '\n');
      const file = path.relative(repoRoot, full);
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`${file}: a function name is lower_snake_case`);
      const creates = text.match(/^\s*CREATE\s+(OR\s+REPLACE\s+)?FUNCTION\b/gim) ?? [];
      const header = new RegExp(`^CREATE OR REPLACE FUNCTION ${name}\\s*\\(`, 'm');
      if (creates.length !== 1 || !header.test(text)) {
        throw new Error(
          `${file}: must hold exactly one statement starting "CREATE OR REPLACE FUNCTION ${name}(" ` +
            '(at the start of a line, unqualified: the migration creates it in public)',
        );
      }
      return { name, file, text };
    });
}

type Row = Record<string, unknown>;
async function rows(db: Pick<Db, 'execute'>, text: string): Promise<Row[]> {
  const res = (await db.execute(sql.raw(text))) as unknown as { rows: Row[] };
  return res.rows;
}

/** Whitespace that never changes what a function does: line endings, trailing blanks. */
export function normaliseDefinition(def: string, schema: string): string {
  return def
    .replace(/\r\n/g, '\n')
    .replace(new RegExp(`^(CREATE OR REPLACE (?:FUNCTION|PROCEDURE) )${schema}\\.`), '$1')
    .split('\n')
    .map((l) => l.replace(/[ \t]+$/, ''))
    .join('\n')
    .trim();
}

const definitionsQuery = (schema: string) => `
  SELECT p.proname AS name,
    pg_get_function_identity_arguments(p.oid) AS identity_args,
    pg_get_function_result(p.oid) AS result,
    pg_get_functiondef(p.oid) AS definition
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = '${schema}' AND p.prokind IN ('f', 'p')
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass
      AND d.objid = p.oid AND d.deptype = 'e')
  ORDER BY p.proname, identity_args`;

function toDefinition(row: Row, schema: string): FunctionDefinition {
  return {
    name: String(row.name),
    identityArgs: String(row.identity_args),
    result: String(row.result),
    definition: normaliseDefinition(String(row.definition), schema),
  };
}

/** Every function of the public schema (extensions' own aside), as PostgreSQL prints it. */
export async function readDatabaseFunctions(db: Pick<Db, 'execute'>): Promise<FunctionDefinition[]> {
  return (await rows(db, definitionsQuery('public'))).map((r) => toDefinition(r, 'public'));
}

class Rollback extends Error {}

/**
 * What each source gives once PostgreSQL has read it: each is created in a scratch schema
 * inside a transaction that is rolled back, so the database is left as it was (safe on a
 * database in use: the public functions are not touched).
 */
export async function readSourceDefinitions(
  db: Db,
  sources: FunctionSource[],
): Promise<Map<string, FunctionDefinition>> {
  const out = new Map<string, FunctionDefinition>();
  try {
    await db.transaction(async (tx) => {
      await rows(tx, `CREATE SCHEMA ${SCRATCH}`);
      await rows(tx, `SET LOCAL search_path = ${SCRATCH}, public`);
      for (const source of sources) {
        try {
          await rows(tx, `SAVEPOINT source`);
          await rows(tx, source.text);
          await rows(tx, `RELEASE SAVEPOINT source`);
        } catch (err) {
          throw new Error(`${source.file} does not compile: ${(err as Error).message}`, { cause: err });
        }
      }
      const created = (await rows(tx, definitionsQuery(SCRATCH))).map((r) => toDefinition(r, SCRATCH));
      for (const source of sources) {
        const mine = created.filter((d) => d.name === source.name);
        if (mine.length !== 1)
          throw new Error(`${source.file} must create exactly one function ${source.name}`);
        out.set(source.name, mine[0]!);
      }
      const strays = created.filter((d) => !sources.some((s) => s.name === d.name));
      if (strays.length > 0) {
        throw new Error(
          `function sources create functions not named after their file: ${strays.map((d) => d.name)}`,
        );
      }
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  return out;
}

/** Compares the sources with the functions the database holds. */
export async function compareFunctions(db: Db, sources = loadFunctionSources()): Promise<FunctionComparison> {
  const wanted = await readSourceDefinitions(db, sources);
  const current = await readDatabaseFunctions(db);
  const same: string[] = [];
  const changes: FunctionChange[] = [];
  const matched = new Set<FunctionDefinition>();
  for (const source of sources) {
    const want = wanted.get(source.name)!;
    const candidates = current.filter((c) => c.name === source.name);
    const cur = candidates.find((c) => c.identityArgs === want.identityArgs) ?? candidates[0];
    if (!cur) {
      changes.push({ kind: 'added', source, wanted: want });
      continue;
    }
    matched.add(cur);
    if (cur.definition === want.definition) same.push(source.name);
    else {
      const needsDrop = cur.identityArgs !== want.identityArgs || cur.result !== want.result;
      changes.push({ kind: 'changed', source, wanted: want, current: cur, needsDrop });
    }
  }
  for (const cur of current) if (!matched.has(cur)) changes.push({ kind: 'removed', current: cur });
  return { same, changes };
}

/** The statements of a migration that brings the database to the sources. */
export function migrationSql(changes: FunctionChange[]): string {
  const statements: string[] = [];
  const drop = (d: FunctionDefinition) => `DROP FUNCTION ${d.name}(${d.identityArgs});`;
  for (const c of changes) {
    if (c.kind === 'removed') {
      statements.push(
        `-- ${c.current.name}: no source in apps/api/src/db/functions/ any more\n${drop(c.current)}`,
      );
    }
  }
  for (const c of changes) {
    if (c.kind === 'removed') continue;
    const from = `-- ${c.source.name}: generated from ${c.source.file} by \`npm run db:functions\`; change the source, not this file.\n`;
    if (c.kind === 'changed' && c.needsDrop) {
      statements.push(
        `${from}-- Its arguments or result type change, which CREATE OR REPLACE cannot do.\n${drop(c.current)}`,
      );
      statements.push(c.source.text.trim());
    } else {
      statements.push(from + c.source.text.trim());
    }
  }
  return statements.join('\n--> statement-breakpoint\n') + '\n';
}

/** One line per change, for people. */
export function describeChange(c: FunctionChange): string {
  if (c.kind === 'added') return `${c.source.name}: new (${c.source.file})`;
  if (c.kind === 'removed') return `${c.current.name}(${c.current.identityArgs}): no source file, dropped`;
  return `${c.source.name}: changed${c.needsDrop ? ' (arguments or result type: DROP, then CREATE)' : ''}`;
}
