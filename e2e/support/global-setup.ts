import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'otplib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The demo platform operator (README "Back office"). */
const OPERATOR = {
  email: 'operador@bilheteira.pt',
  password: 'Operador!2026demo',
  totpSecret: 'BILHETEIRAOPERADORDEMOTOTPSEEDAA',
};

/**
 * Signs the platform operator in once for the whole run (password, then TOTP), for the specs
 * that make organisers of their own (support/organizer.ts): one sign-in, where one per spec
 * would use up the operator's TOTP steps and sign-in limit.
 */
async function signOperatorIn(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/backoffice/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.1' },
    body: JSON.stringify({ email: OPERATOR.email, password: OPERATOR.password }),
  });
  if (!login.ok) throw new Error(`operator sign-in: ${await login.text()}`);
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const csrf = ((await login.json()) as { data: { csrf_token: string } }).data.csrf_token;
  const code = await generate({ secret: OPERATOR.totpSecret });
  const second = await fetch(`${baseUrl}/api/backoffice/auth/second-factor`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
    body: JSON.stringify({ code }),
  });
  if (!second.ok) throw new Error(`operator second factor: ${await second.text()}`);
  process.env.E2E_OPERATOR_COOKIE = cookie;
  process.env.E2E_OPERATOR_CSRF = csrf;
}

/**
 * Starts the built app as `npm start` does (after `npm run build`), on a free port with a
 * fresh data dir, and points the tests at it. E2E_BASE_URL set by the caller skips this.
 */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) {
    await signOperatorIn(process.env.E2E_BASE_URL);
    return;
  }
  // the operator API (support impersonation links) for specs that act as support staff
  process.env.E2E_OPERATOR_KEY ??= 'e2e-operator-key-not-a-secret-0001';
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bilheteira-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // the MB WAY sandbox approves on its own after this delay in e2e runs
      SANDBOX_MBWAY_AUTO_APPROVE_MS: process.env.SANDBOX_MBWAY_AUTO_APPROVE_MS ?? '4000',
      OPERATOR_KEY: process.env.E2E_OPERATOR_KEY,
      // specs' API-made customers come from addresses of their own (support/helpers.ts newCustomer)
      TRUSTED_PROXIES: '127.0.0.1',
      // a fresh PostgreSQL database when the caller gives one (CI), else PGlite in DATA_DIR
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // a cold start boots PGlite, migrates and seeds: about 20 s on a quiet 2-core machine, more on a busy one
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    if (Date.now() > deadline) throw new Error('the server did not become ready in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.E2E_BASE_URL = baseUrl;
  await signOperatorIn(baseUrl);
  process.env.E2E_SERVER_PID = String(server.pid);
  process.env.E2E_DATA_DIR = dataDir;
}
