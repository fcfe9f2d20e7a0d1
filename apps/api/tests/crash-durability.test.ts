/**
 * The embedded database (PGlite in DATA_DIR, what `npm start` runs without DATABASE_URL)
 * killed with SIGKILL in the middle of a buy-and-pay load, again and again (issue 23, item
 * 6): every start on the same folder succeeds, and everything the API confirmed is still
 * there — each order answered 201 exists, each order whose payment answered "paid" is paid.
 * Then, on the same folder: a folder PostgreSQL cannot open (its write-ahead log lost) is
 * moved aside and the last good copy restored, with a loud message; and a second process is
 * refused the folder (two processes on one folder is how one got corrupted). The three
 * tests run in order on one folder and one server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from './helpers';
import { startBuyAndPayLoad, unexpectedAnswers, type LoadResult } from './buy-and-pay-load';
import { startServer, type ServerProcess } from './server-process';

const KILLS = 2;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bilheteira-crash-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.killGroup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const start = () =>
  startServer({
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    WORKER: 'true',
    ORDER_RATE_PER_CUSTOMER_PER_MINUTE: '0',
    ORDER_RATE_PER_IP_PER_MINUTE: '0',
  });

async function login(base: string, who: (typeof DEMO)[keyof typeof DEMO]): Promise<string> {
  const res = await fetch(`${base}/api/customers/login-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** What the API says of each confirmed order now: its status, or the HTTP status if not 200. */
async function statusesOf(base: string, load: LoadResult): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const id of load.created) {
    const res = await fetch(`${base}/api/orders/${id}`, {
      headers: { authorization: `Bearer ${load.owners.get(id)}` },
    });
    out.set(
      id,
      res.status === 200
        ? ((await res.json()) as { data: { status: string } }).data.status
        : `HTTP ${res.status}`,
    );
  }
  return out;
}

const confirmed: LoadResult[] = [];

/** Every order answered 201 in any earlier round exists, and every one answered paid is paid. */
async function expectAllConfirmed(base: string, when: string) {
  for (const load of confirmed) {
    const now = await statusesOf(base, load);
    const missing = load.created.filter((id) => now.get(id)?.startsWith('HTTP'));
    expect(missing, `orders answered 201 but gone after ${when}`).toEqual([]);
    const unpaid = load.paid.filter((id) => now.get(id) !== 'paid');
    expect(unpaid, `orders answered paid but not paid after ${when}`).toEqual([]);
  }
}

describe('the embedded database killed mid-write', () => {
  it(`starts again after ${KILLS} SIGKILLs under load, with every confirmed order and payment`, async () => {
    const log: string[] = [];
    for (let round = 0; round <= KILLS; round++) {
      const t0 = Date.now();
      server = await start();
      const startedMs = Date.now() - t0;
      // everything confirmed before every earlier kill is still there
      await expectAllConfirmed(server.base, `restart ${round}`);
      if (round === KILLS) {
        log.push(`start ${round}: ${startedMs} ms`);
        break;
      }
      const { base } = server;
      const festival = (
        (await (await fetch(`${base}/api/events/festival-demo`)).json()) as {
          data: { id: number; ticket_types: { id: number }[] };
        }
      ).data;
      const tokens = [await login(base, DEMO.ana), await login(base, DEMO.rui)];
      const load = startBuyAndPayLoad(base, [...tokens, ...tokens], {
        eventId: festival.id,
        ticketTypeId: festival.ticket_types[0]!.id,
        topupCents: 1000,
      });
      // kill at a moment that differs from round to round, writes in flight
      await sleep(1000 + Math.floor(Math.random() * 1500));
      await server.killGroup();
      const result = await load.stop();
      expect(result.created.length, JSON.stringify(result.answers)).toBeGreaterThan(0);
      // until the kill: 2xx, 4xx or 503 (then the connections are cut: no status at all)
      const faults = Object.keys(unexpectedAnswers(result.answers)).filter((k) => /^\w+ \d/.test(k));
      expect(faults, JSON.stringify(result.answers)).toEqual([]);
      confirmed.push(result);
      log.push(
        `start ${round}: ${startedMs} ms, then ${result.created.length} orders (${result.paid.length} paid) and a SIGKILL`,
      );
    }
    console.info(`[crash-durability] ${log.join('; ')}`);
  }, 240_000);

  it('restores the last good copy, moving a folder PostgreSQL cannot open aside, and says so', async () => {
    // a clean stop: checkpoint, close, a fresh last good copy, the lock released
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pglite.last-good', 'PG_VERSION'))).toBe(true);
    // the write-ahead log lost (as two processes on one folder, or a torn disk, leave it):
    // PostgreSQL stops with "PANIC: could not locate a valid checkpoint record"
    const wal = path.join(dataDir, 'pglite', 'pg_wal');
    for (const f of fs.readdirSync(wal).filter((n) => /^[0-9A-F]{24}$/.test(n)))
      fs.writeFileSync(path.join(wal, f), Buffer.alloc(fs.statSync(path.join(wal, f)).size));
    server = await start();
    expect(server.output()).toMatch(/EMBEDDED DATABASE RESTORED/);
    expect(server.output()).toMatch(/could not locate a valid checkpoint record/);
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('pglite.broken-'))).toHaveLength(1);
    await expectAllConfirmed(server.base, 'the restore');
  }, 120_000);

  it('refuses a second process on the same folder, which would corrupt it', async () => {
    const second = await start().then(
      (s) => ({ started: s }),
      (err: Error) => ({ refused: err.message }),
    );
    if ('started' in second) await second.started.killGroup();
    expect('refused' in second && second.refused).toMatch(/in use by another process \(pid \d+\)/);
    expect(server!.alive()).toBe(true);
    expect((await fetch(`${server!.base}/api/ready`)).status).toBe(200);
    await expectAllConfirmed(server!.base, 'the refused second start');
  }, 120_000);
});
