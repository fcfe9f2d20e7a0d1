import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const chrome =
  process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Five lanes against the one server. Each spec makes the customers, organisers, tickets and
  // wallets it changes through the API (support/helpers.ts, support/organizer.ts) and reads
  // the demo catalogue only, so the flow files run side by side (the tests of one file in
  // order) and the read-only accessibility sweeps beside them. Much of a test is waiting
  // (network idle, the MB WAY sandbox, the jobs' timers), so five lanes beat two even on 2 cores.
  workers: 5,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'pt-PT',
    timezoneId: 'Europe/Lisbon',
    // a trace records every action with screenshots and DOM snapshots: in CI only a test's
    // retry records one (a failure is retried once), locally every failure keeps its own
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: chrome,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // the catalogue walks count the demo catalogue's public events: they run first, each test
    // on its own lane, and the flows that publish events of their own (26b, 26c, 26d) after them
    {
      name: 'catalogue',
      testMatch: /(03-public-site|25e-navigation-and-legal)\.spec\.ts/,
      fullyParallel: true,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    // the long accessibility sweeps (each test on its own) start early and spread over the
    // lanes instead of running one after another at the end
    {
      name: 'a11y',
      testMatch: /(10-accessibility|26e-backoffice-a11y)\.spec\.ts/,
      fullyParallel: true,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'flows',
      dependencies: ['catalogue'],
      testIgnore: /(10-accessibility|26e-backoffice-a11y|03-public-site|25e-navigation-and-legal)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
});
