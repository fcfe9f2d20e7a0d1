import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Most API test time is waiting (PostgreSQL, child servers, timers), so four files at once
    // on a 2-core machine (Vitest's default there is one).
    maxWorkers: 4,
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
