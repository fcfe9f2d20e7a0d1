/**
 * `npm run db:functions [-- --check] [-- --config <drizzle config>]`
 *
 * Applies every migration to a fresh in-memory PGlite, compares its functions with the sources
 * in this folder (functions.ts) and, for those that differ, writes ONE new migration through
 * drizzle-kit's custom migration: DROP FUNCTION where arguments or result type change, then
 * the source's CREATE OR REPLACE FUNCTION. It then migrates a second fresh database with the
 * new migration and checks the sources and the database now agree.
 *
 * `--check` writes nothing and exits 1 when a migration is needed (CI, before committing).
 * Function names given (`npm run db:functions -- insert_pending_orders`) limit the migration
 * to those functions: someone else's source edit in the same work tree is left out.
 *
 * Run it under the migration lock when others may write migrations at the same time:
 *   flock /tmp/migration.lock npm run db:functions
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '../client';
import {
  compareFunctions,
  describeChange,
  functionsFolder,
  loadFunctionSources,
  migrationSql,
  type FunctionChange,
} from './functions';

const repoRoot = path.resolve(functionsFolder, '../../../../..');

interface Journal {
  entries: { idx: number; tag: string }[];
}

function readJournal(out: string): Journal {
  return JSON.parse(readFileSync(path.join(out, 'meta/_journal.json'), 'utf8')) as Journal;
}

/** A migration folder another run left half-written is not a base to generate on. */
function checkFolderConsistent(out: string): void {
  const tags = new Set(readJournal(out).entries.map((e) => e.tag));
  const files = readdirSync(out)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => f.slice(0, -4));
  const strays = files.filter((f) => !tags.has(f));
  const missing = [...tags].filter((t) => !files.includes(t));
  if (strays.length > 0 || missing.length > 0) {
    throw new Error(
      `${out} is inconsistent (not in the journal: ${strays.join(', ') || '-'}; journal entries without a file: ` +
        `${missing.join(', ') || '-'}). Is another migration being written? Run under flock /tmp/migration.lock.`,
    );
  }
}

async function migratedDatabase(out: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: out });
  return { db: db as unknown as Db, close: () => client.close() };
}

async function compareWith(out: string) {
  const { db, close } = await migratedDatabase(out);
  try {
    return await compareFunctions(db, loadFunctionSources());
  } finally {
    await close();
  }
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check');
  const configArg = argv.indexOf('--config');
  const configPath = path.resolve(
    repoRoot,
    configArg >= 0 ? argv[configArg + 1]! : 'apps/api/drizzle.config.ts',
  );
  const config = ((await import(pathToFileURL(configPath).href)) as { default: { out: string } }).default;
  // drizzle-kit reads `out` relative to the directory it runs in: the repository root
  const out = path.resolve(repoRoot, config.out);
  checkFolderConsistent(out);

  const sources = loadFunctionSources();
  const named = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--config');
  const unknown = named.filter((n) => !sources.some((s) => s.name === n));
  if (unknown.length > 0) {
    console.log(
      `db:functions: no source file for ${unknown.join(', ')}: dropped if the migrations create it`,
    );
  }
  const nameOf = (c: FunctionChange) => (c.kind === 'removed' ? c.current.name : c.source.name);
  const compared = await compareWith(out);
  const same = compared.same;
  const changes =
    named.length === 0 ? compared.changes : compared.changes.filter((c) => named.includes(nameOf(c)));
  const left = compared.changes.filter((c) => !changes.includes(c));
  if (left.length > 0) {
    console.log(`db:functions: left out (not named): ${left.map(describeChange).join('; ')}`);
  }
  if (changes.length === 0) {
    console.log(
      `db:functions: the migrations in ${path.relative(repoRoot, out)} produce exactly ` +
        (named.length > 0 ? `the named sources` : `the ${sources.length} sources`) +
        ` (${same.join(', ')} match); no migration written.`,
    );
    return 0;
  }
  console.log(`db:functions: the sources differ from what the migrations produce:`);
  for (const c of changes) console.log(`  - ${describeChange(c)}`);
  if (check) {
    console.log(
      'db:functions --check: a migration is needed; run `flock /tmp/migration.lock npm run db:functions`.',
    );
    return 1;
  }

  const names = changes.map(nameOf);
  const name = `functions_${[...new Set(names)].join('_')}`.slice(0, 80);
  const before = readJournal(out).entries.length;
  const kit = spawnSync(
    'npx',
    ['drizzle-kit', 'generate', '--custom', '--config', path.relative(repoRoot, configPath), '--name', name],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (kit.status !== 0) throw new Error(`drizzle-kit generate --custom failed (exit ${kit.status})`);
  const entries = readJournal(out).entries;
  const entry = entries[entries.length - 1];
  if (entries.length !== before + 1 || !entry || !entry.tag.endsWith(name)) {
    throw new Error('drizzle-kit did not add the expected journal entry; look at the migrations folder');
  }
  const file = path.join(out, `${entry.tag}.sql`);
  if (!existsSync(file)) throw new Error(`${file} was not written by drizzle-kit`);
  writeFileSync(file, migrationSql(changes));
  console.log(`db:functions: wrote ${path.relative(repoRoot, file)}.`);

  const after = await compareWith(out);
  const stillDiffer = after.changes.filter((c) => names.includes(nameOf(c)));
  if (stillDiffer.length > 0) {
    console.error('db:functions: after the new migration the database still differs from the sources:');
    for (const c of stillDiffer) console.error(`  - ${describeChange(c)}`);
    return 1;
  }
  console.log(
    `db:functions: checked: a database migrated with it holds exactly the sources of ${names.join(', ')}. Commit ${path.relative(repoRoot, file)}, ` +
      `its snapshot and meta/_journal.json with the source change.`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`db:functions: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
