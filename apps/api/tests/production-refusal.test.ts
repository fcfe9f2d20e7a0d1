/**
 * Production fails closed (issue 23, item 5): the real server started with NODE_ENV=production
 * and no payment provider, no database and no secrets exits non-zero before listening or
 * opening anything, with one readable message naming every problem (no stack trace). With
 * each unsafe choice allowed explicitly it starts (PostgreSQL only: a real DATABASE_URL).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');
const repoRoot = path.resolve(path.dirname(serverEntry), '../../..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** Only what a clean shell has: none of the developer's or CI's configuration leaks in. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...extra };
}

let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
});

describe('a production start', () => {
  it('without a payment provider, database or secrets refuses with a readable message and never listens', async () => {
    const port = await freePort();
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bilheteira-refusal-')), 'data');
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      cwd: repoRoot,
      env: cleanEnv({ NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    let wasListening = false;
    // Today's server must exit at once; a server that started anyway is stopped after 20 s.
    const code = await new Promise<number | null>((resolve) => {
      const poll = setInterval(() => void listening(port).then((up) => (wasListening ||= up)), 100);
      const stop = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.once('exit', (c) => (clearInterval(poll), clearTimeout(stop), resolve(c)));
    });
    expect(code).not.toBe(0);
    expect(output).toMatch(/Refusing to start with NODE_ENV=production: \d+ problems/);
    for (const name of [
      'STRIPE_SECRET_KEY',
      'ALLOW_SANDBOX_PAYMENTS',
      'DATABASE_URL',
      'ALTCHA_HMAC_KEY',
      'LINK_SIGNING_SECRET',
    ])
      expect(output).toContain(name);
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
    expect(wasListening).toBe(false);
    expect(await listening(port)).toBe(false);
    expect(fs.existsSync(dataDir)).toBe(false); // refused before opening the database
  }, 60_000);

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'with each unsafe choice allowed explicitly starts, without demo data',
    async () => {
      t = await createTestApp({ seed: false });
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
        cwd: repoRoot,
        env: cleanEnv({
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: t.databaseUrl!,
          WORKER: 'false',
          ALLOW_SANDBOX_PAYMENTS: 'true',
          ALTCHA_HMAC_KEY: '3f9a1c7e5b2d8046a1e9c3b7d5f2084a',
          LINK_SIGNING_SECRET: '8c2e6a4f1b9d7053e2a8c6b4f1d9e703',
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      try {
        const deadline = Date.now() + 45_000;
        let ready = false;
        while (!ready && Date.now() < deadline && child.exitCode === null) {
          ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
            (r) => r.ok,
            () => false,
          );
          if (!ready) await new Promise((r) => setTimeout(r, 200));
        }
        expect(ready, output).toBe(true);
        expect(output).toMatch(/PRODUCTION RUNS UNSAFELY: ALLOW_SANDBOX_PAYMENTS/);
        // SEED_DEMO defaults to false in production: the demo event does not exist
        const demo = await fetch(`http://127.0.0.1:${port}/api/events/festival-demo`);
        expect(demo.status).toBe(404);
      } finally {
        if (child.exitCode === null) {
          child.kill('SIGTERM');
          await new Promise((r) => child.once('exit', r));
        }
      }
    },
    90_000,
  );

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'on a database that holds the demo data (seeded by an earlier start) refuses to start',
    async () => {
      const seeded = await createTestApp();
      try {
        const port = await freePort();
        const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
          cwd: repoRoot,
          env: cleanEnv({
            NODE_ENV: 'production',
            PORT: String(port),
            HOST: '127.0.0.1',
            DATABASE_URL: seeded.databaseUrl!,
            WORKER: 'false',
            ALLOW_SANDBOX_PAYMENTS: 'true',
            ALTCHA_HMAC_KEY: '3f9a1c7e5b2d8046a1e9c3b7d5f2084a',
            LINK_SIGNING_SECRET: '8c2e6a4f1b9d7053e2a8c6b4f1d9e703',
          }),
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        const code = await new Promise<number | null>((resolve) => {
          const stop = setTimeout(() => child.kill('SIGKILL'), 30_000);
          child.once('exit', (c) => (clearTimeout(stop), resolve(c)));
        });
        expect(code, output).toBe(1);
        expect(output).toMatch(/demo data whose secrets are published/);
        expect(output).toMatch(/door device\(s\) with a demo key/);
        expect(output).toMatch(/station\(s\) with a demo key/);
        expect(output).toMatch(/demo customer\(s\)/);
        expect(output).not.toMatch(/\n\s+at /);
        expect(await listening(port)).toBe(false);
      } finally {
        await seeded.close();
      }
    },
    90_000,
  );
});
