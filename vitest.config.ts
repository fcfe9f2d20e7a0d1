import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The API test files that take longest (servers started and killed, the fuzz, the whole
 * authorisation matrix): they start first, so no worker is left running one of them alone at
 * the end. Vitest would order them by file size on a clean clone, and some are short files.
 */
const SLOWEST_FIRST = [
  'payment-kill',
  'crash-durability',
  'bad-input-fuzz-1',
  'bad-input-fuzz-2',
  'production-refusal',
  'backoffice-authz-matrix',
  'backoffice-events',
  'overload-server',
  'contention',
  'graceful-shutdown',
  'db-functions-generator',
  'connection-loss',
].map((name) => `/tests/${name}.test.ts`);

class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOWEST_FIRST.findIndex((end) => f.moduleId.endsWith(end));
      return i === -1 ? SLOWEST_FIRST.length : i;
    };
    // stable: the rest keep Vitest's own order
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Most API test time is waiting (PostgreSQL, child servers, timers), so five files at once
    // on a 2-core machine (Vitest's default there is one); their pools stay within PostgreSQL's
    // default 100 connections (tests/helpers.ts).
    maxWorkers: 5,
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          // a migrated and a demo-seeded template database, built once per run and copied
          // per test file by createTestApp (tests/helpers.ts)
          globalSetup: ['./tests/template-db.setup.ts'],
          // servers the tests start inherit this: the public cache off, as in createTestApp
          env: { PUBLIC_CACHE_MS: '0' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // each file builds its own app on its own database, so the files of a worker share
          // its loaded modules (the app's ~2 s import) instead of loading them again each
          isolate: false,
        },
      },
      './apps/web/vite.config.ts',
      './apps/backoffice/vite.config.ts',
    ],
  },
});
