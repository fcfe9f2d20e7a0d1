/**
 * Overload at twice the ceiling (hardening issue, overload item): the real server as a child
 * process, its write-path ceiling measured first (POST /api/carts/add-item, a fresh visitor
 * cart each time, closed loop), then driven open-loop at about twice that rate for 3 s over
 * real sockets. Every answer must be a 2xx, or a 429/503 with Retry-After and the error
 * shape — no 500, no socket reset, no client timeout — and once the load stops the next
 * requests are served at once: the median of five within 200 ms, none over a second (one
 * pause of ~400 ms was seen on a loaded CI machine, likely the collection of the heap the
 * burst grew; a backlog would hold every one of them).
 *
 * On PostgreSQL (TEST_DATABASE_URL) the child uses a fresh seeded database; on PGlite it
 * seeds its own data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');
const onPostgres = !!process.env.TEST_DATABASE_URL;
/** OVERLOAD_FACTOR × the ceiling for OVERLOAD_SECONDS (defaults 2 and 3) to explore on demand */
const FACTOR = Number(process.env.OVERLOAD_FACTOR ?? 2);
const SECONDS = Number(process.env.OVERLOAD_SECONDS ?? 3);

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

let t: TestApp | undefined;
let child: ChildProcess | undefined;
let dataDir: string | undefined;
let port = 0;
let stderr = '';
let item: { ticket_id: number; session_id: number; event_id: number };

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

interface Answer {
  status: number;
  ms: number;
  retryAfter?: string;
  body: string;
  error?: string;
}

/** One add-to-cart by a new visitor, over a real socket; a 10 s client timeout. */
function addItem(): Promise<Answer> {
  const started = performance.now();
  const payload = JSON.stringify({ ...item, amount: 1 });
  const visitor = String(1e15 + Math.floor(Math.random() * 8e15));
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/carts/add-item',
        method: 'POST',
        agent,
        timeout: 10_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'visitor-id': visitor,
          'x-locale': 'en',
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            retryAfter: res.headers['retry-after'] as string | undefined,
            body,
          }),
        );
        res.on('error', (e: NodeJS.ErrnoException) =>
          resolve({ status: 0, ms: performance.now() - started, body, error: e.code ?? e.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('client timeout'), { code: 'TIMEOUT' })));
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({ status: 0, ms: performance.now() - started, body: '', error: e.code ?? e.message }),
    );
    req.end(payload);
  });
}

beforeAll(async () => {
  port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    WORKER: 'false',
  };
  if (onPostgres) {
    t = await createTestApp();
    Object.assign(env, { DATABASE_URL: t.databaseUrl, SEED_DEMO: 'false' });
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bilheteira-overload-'));
    Object.assign(env, { DATABASE_URL: '', DATA_DIR: dataDir, SEED_DEMO: 'true' });
  }
  child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    const ok = await fetch(`${base}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const teatro = (await (await fetch(`${base}/api/events/teatro-demo`)).json()) as {
    data: { id: number; ticket_types: { id: number }[]; sessions: { id: number }[] };
  };
  item = {
    ticket_id: teatro.data.ticket_types[0]!.id,
    session_id: teatro.data.sessions[0]!.id,
    event_id: teatro.data.id,
  };
}, 120_000);

afterAll(async () => {
  agent.destroy();
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('overload at twice the ceiling, over real sockets', () => {
  it(
    'answers only 2xx, or 429/503 with Retry-After — no 5xx, reset or timeout — and serves at once after',
    async () => {
      // warm up, then the ceiling: 32 clients in a closed loop for 1.5 s
      await Promise.all(Array.from({ length: 16 }, () => addItem()));
      let served = 0;
      const until = performance.now() + 1500;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          while (performance.now() < until) if ((await addItem()).status === 200) served++;
        }),
      );
      const ceiling = served / ((performance.now() - started) / 1000);
      expect(ceiling).toBeGreaterThan(5);

      // open loop at twice the ceiling for 3 s: requests leave on schedule, answered or not
      const rate = Math.round(FACTOR * ceiling);
      const answers: Promise<Answer>[] = [];
      const loadStart = performance.now();
      await new Promise<void>((resolve) => {
        const tick = setInterval(() => {
          const elapsed = performance.now() - loadStart;
          const due = Math.min(rate * SECONDS, Math.floor((elapsed / 1000) * rate));
          while (answers.length < due) answers.push(addItem());
          if (elapsed >= SECONDS * 1000) {
            clearInterval(tick);
            resolve();
          }
        }, 5);
      });
      const stoppedAt = performance.now();
      // a request right as the load stops (informative: it may wait behind the backlog)
      const atStop = await addItem();
      const all = await Promise.all(answers);
      const drainedMs = performance.now() - stoppedAt;
      // once the load's answers are in, the next requests are served at once
      const after: Answer[] = [];
      for (let i = 0; i < 5; i++) after.push(await addItem());

      const count = (f: (a: Answer) => boolean) => all.filter(f).length;
      const figures = {
        ceiling: Math.round(ceiling),
        rate,
        sent: all.length,
        ok: count((a) => a.status >= 200 && a.status < 300),
        '429': count((a) => a.status === 429),
        '503': count((a) => a.status === 503),
        '5xx other': count((a) => a.status >= 500 && a.status !== 503),
        'other 4xx': count((a) => a.status >= 400 && a.status < 500 && a.status !== 429),
        errors: count((a) => a.status === 0),
        'max ms': Math.round(Math.max(...all.map((a) => a.ms))),
        'drain ms': Math.round(drainedMs),
        'at stop ms': Math.round(atStop.ms),
        'after ms': after.map((a) => Math.round(a.ms)),
      };
      console.log(`overload over HTTP (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${JSON.stringify(figures)}`);

      const bad = all.filter(
        (a) => !((a.status >= 200 && a.status < 300) || a.status === 429 || a.status === 503),
      );
      expect(
        bad.slice(0, 5).map((a) => `${a.status} ${a.error ?? ''} ${a.body.slice(0, 200)}`),
        stderr,
      ).toEqual([]);
      for (const a of all.filter((x) => x.status === 429 || x.status === 503)) {
        expect(Number(a.retryAfter)).toBeGreaterThan(0);
        expect(JSON.parse(a.body)).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      }
      expect(figures.ok).toBeGreaterThan(0);
      // the request sent as the load stopped waited behind the backlog at worst, never failed
      expect(atStop.status).toBe(200);
      expect(after.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      const afterMs = after.map((a) => a.ms).sort((a, b) => a - b);
      expect(afterMs[2]).toBeLessThan(200);
      expect(afterMs[4]).toBeLessThan(1000);
    },
    60_000 + SECONDS * 10_000,
  );
});
