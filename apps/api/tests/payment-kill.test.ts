/**
 * Payment confirmation while the process is killed (hardening issue, faults item). The API
 * runs as a child process on PostgreSQL; confirmations are delivered and the process gets
 * SIGKILL in the middle — right after a request is sent, and at random moments while many
 * confirmations are in flight. Then it restarts, the confirmations are delivered again (as a
 * provider retries a webhook that got no answer) and its background jobs run. Every order
 * must end paid exactly once: one set of tickets, one confirmation email, one wallet credit
 * for its top-up line, stock sold once — never paid without its tickets, or the reverse.
 *
 * Why it holds: fulfilPayment records the provider event, marks the order paid, sells the
 * stock, issues the tickets, credits the wallet and queues the email in ONE transaction, so
 * a kill leaves either all of it or none of it, and a redelivery either fulfils or is a
 * no-op (the event id, and the order already paid).
 *
 * PostgreSQL only (CI sets TEST_DATABASE_URL): PGlite is a file one process owns.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createSession } from '../src/modules/identity/session.service';
import { createTestApp, DEMO, injectAs, login, type TestApp } from './helpers';

const onPostgres = !!process.env.TEST_DATABASE_URL;
if (!onPostgres)
  console.log(
    'payment-kill: skipped — it needs PostgreSQL (set TEST_DATABASE_URL), PGlite is single-process',
  );

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');
const WEBHOOK_SECRET = 'whsec_kill_test_secret';
const TOPUP_CENTS = 1000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

interface Server {
  base: string;
  child: ChildProcess;
  exited: Promise<void>;
  log: () => string;
}

/** The real server (src/server.ts) on this test's database, with its background worker. */
async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      WORKER: 'true',
      LOG_LEVEL: 'warn',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_SECRET_KEY: '',
      SANDBOX_MBWAY_AUTO_APPROVE_MS: '0',
      MAX_EVENT_LOOP_DELAY_MS: '60000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${base}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { base, child, exited, log: () => stderr };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

async function kill(server: Server) {
  server.child.kill('SIGKILL');
  await server.exited;
}

const signed = (payload: string) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
const eventFor = (n: string, intent: string) =>
  JSON.stringify({
    id: `evt_kill_${n}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-01',
    created: 1,
    data: { object: { id: intent, object: 'payment_intent', status: 'succeeded' } },
  });

/** POST a signed webhook; answers the status, or the network error code (killed mid-way). */
async function deliver(base: string, payload: string): Promise<string> {
  try {
    const res = await fetch(`${base}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed(payload) },
      body: payload,
      signal: AbortSignal.timeout(15_000),
    });
    await res.text();
    return String(res.status);
  } catch (err) {
    return (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
  }
}

let t: TestApp;
let tokens: string[] = [];
/** one buyer per concurrent order: a customer has one pending order per event */
let buyers: string[] = [];
let festival: { id: number; ticket_types: { id: number }[] };
let typeId = 0;

interface Pending {
  orderId: number;
  customerId: number;
  payload: string;
}

/** A pending festival order (one ticket + a wallet top-up) with an MB WAY attempt that Stripe will confirm. */
async function pendingOrder(n: string, token: string): Promise<Pending> {
  const created = await injectAs(t.app, token, {
    method: 'POST',
    url: '/api/orders',
    payload: {
      event_id: festival.id,
      include_cart: false,
      items: [{ ticket_id: typeId, qty: 1 }],
      topup_cents: TOPUP_CENTS,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const orderId = created.json<{ data: { id: number } }>().data.id;
  const pay = await injectAs(t.app, token, {
    method: 'POST',
    url: `/api/orders/${orderId}/pay`,
    payload: { method: 'mbway', mbway: { country_code: '351', mobile: '913456789' } },
  });
  expect(pay.statusCode, pay.body).toBe(200);
  const paymentId = pay.json<{ data: { payment: { id: number } } }>().data.payment.id;
  const intent = `pi_kill_${n}`;
  // the attempt as Stripe would have created it (the webhook path is what a kill can cut)
  await t.database.db.execute(
    sql`UPDATE payments SET provider = 'stripe', provider_ref = ${intent} WHERE id = ${paymentId}`,
  );
  const [o] = await queryRows<{ customer_id: number }>(
    t.database.db,
    sql`SELECT customer_id FROM orders WHERE id = ${orderId}`,
  );
  return { orderId, customerId: o!.customer_id, payload: eventFor(n, intent) };
}

interface OrderState {
  status: string;
  approved: number;
  tickets: number;
  emails: number;
  credits: number;
  credited: number;
  events: number;
}

async function stateOf(orderId: number): Promise<OrderState> {
  const [row] = await queryRows<OrderState>(
    t.database.db,
    sql`SELECT o.status,
          (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id AND p.status = 'approved') AS approved,
          (SELECT count(*)::int FROM customer_tickets c WHERE c.order_id = o.id) AS tickets,
          (SELECT count(*)::int FROM outbox m WHERE m.meta->>'order_id' = o.id::text AND m.meta->>'kind' = 'order_paid') AS emails,
          (SELECT count(*)::int FROM wallet_transactions w WHERE w.idempotency_key LIKE 'order:' || o.id || ':topup:%') AS credits,
          (SELECT coalesce(sum(w.amount_cents), 0)::int FROM wallet_transactions w WHERE w.idempotency_key LIKE 'order:' || o.id || ':topup:%') AS credited,
          (SELECT count(*)::int FROM payment_events e JOIN payments p ON p.id = e.payment_id WHERE p.order_id = o.id) AS events
        FROM orders o WHERE o.id = ${orderId}`,
  );
  return row!;
}

const PAID: OrderState = {
  status: 'paid',
  approved: 1,
  tickets: 1,
  emails: 1,
  credits: 1,
  credited: TOPUP_CENTS,
  events: 1,
};
const UNPAID = { approved: 0, tickets: 0, emails: 0, credits: 0, credited: 0 };

/** All or nothing: a kill may leave an order unpaid, never half-fulfilled. */
function wholeOrNothing(s: OrderState): boolean {
  if (s.status === 'paid') return JSON.stringify({ ...s, events: 1 }) === JSON.stringify(PAID);
  return (
    s.status === 'pending' &&
    JSON.stringify({
      approved: s.approved,
      tickets: s.tickets,
      emails: s.emails,
      credits: s.credits,
      credited: s.credited,
    }) === JSON.stringify(UNPAID)
  );
}

const stock = async () =>
  (
    await queryRows<{ reserved: number; sold: number }>(
      t.database.db,
      sql`SELECT reserved, sold FROM ticket_types WHERE id = ${typeId}`,
    )
  )[0]!;
const walletSums = async () =>
  queryRows<{ customer_id: number; balance: number; ledger: number }>(
    t.database.db,
    sql`SELECT w.customer_id, w.balance_cents AS balance,
               (SELECT coalesce(sum(x.amount_cents), 0)::int FROM wallet_transactions x WHERE x.wallet_id = w.id) AS ledger
        FROM wallets w`,
  );

beforeAll(async () => {
  if (!onPostgres) return;
  // 40 orders come from this test's one address within a minute
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000, ORDER_RATE_PER_IP_PER_MINUTE: 0 } });
  tokens = [await login(t.app, DEMO.ana), await login(t.app, DEMO.rui)];
  const created = await queryRows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO customers (first_name, last_name, mobile, email, status, mobile_verified_at, email_verified_at)
        SELECT 'Buyer', g::text, '+35191' || lpad(g::text, 7, '0'), 'buyer' || g || '@example.test', 'active', now(), now()
        FROM generate_series(1, 40) g RETURNING id`,
  );
  buyers = [];
  for (const c of created) buyers.push(await createSession(t.database.db, c.id, new Date()));
  festival = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data;
  typeId = festival.ticket_types[0]!.id;
}, 120_000);
afterAll(async () => {
  if (onPostgres) await t?.close();
});

/** Polls until `done` answers true (checked every 2 ms), or fails after `ms`. */
async function until(done: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 2));
  }
}
const paidCount = async (ids: number[]) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE status = 'paid' AND id = ANY(${`{${ids.join(',')}}`}::int[])`,
    )
  )[0]!.n;
/** a warm server: the first requests of a fresh process are slow (JIT, pool) */
const warm = (base: string) =>
  Promise.all([1, 2, 3].map(() => fetch(`${base}/api/events`).then((r) => r.text())));

describe.skipIf(!onPostgres)('payment confirmation while the process is killed', () => {
  let server: Server | undefined;
  afterAll(async () => {
    if (server) await kill(server);
  });

  it('killed as the confirmation leaves, and just after it commits (answer lost): redelivery pays exactly once', async () => {
    const outcomes: string[] = [];
    server = await startServer(t.databaseUrl!);
    await warm(server.base);

    // 1. SIGKILL as the request is sent
    const a = await pendingOrder('a1', tokens[0]!);
    const first = deliver(server.base, a.payload);
    await kill(server);
    const cut = await first;
    const between = await stateOf(a.orderId);
    expect(wholeOrNothing(between), JSON.stringify(between)).toBe(true);
    server = await startServer(t.databaseUrl!);
    await warm(server.base);
    const retried = [await deliver(server.base, a.payload), await deliver(server.base, a.payload)];
    expect(retried).toEqual(['200', '200']);
    expect(await stateOf(a.orderId)).toEqual(PAID);
    outcomes.push(`kill as sent: first → ${cut}, left ${between.status}; redelivered ×2 → 200, paid once`);

    // 2. SIGKILL the moment the fulfilment is committed, before the provider reads the answer
    const b = await pendingOrder('a2', tokens[1]!);
    const sent = deliver(server.base, b.payload);
    await until(async () => (await paidCount([b.orderId])) === 1);
    await kill(server);
    const answer = await sent;
    expect(await stateOf(b.orderId)).toEqual(PAID);
    server = await startServer(t.databaseUrl!);
    const again = [await deliver(server.base, b.payload), await deliver(server.base, b.payload)];
    expect(again).toEqual(['200', '200']);
    expect(await stateOf(b.orderId)).toEqual(PAID);
    outcomes.push(
      `kill just after commit: first → ${answer === '200' ? '200 (answer out before the kill)' : answer}, left paid; redelivered ×2 → 200, no second fulfilment`,
    );
    console.log(`payment-kill:\n  ${outcomes.join('\n  ')}`);
  }, 120_000);

  it('killed at a random point during 40 concurrent confirmations (each sent twice): every order paid once', async () => {
    const stockBefore = await stock();
    const orders: Pending[] = [];
    for (let i = 0; i < 40; i++) orders.push(await pendingOrder(`b${i}`, buyers[i]!));
    const held = await stock();
    expect(held.reserved - stockBefore.reserved).toBe(40);
    const ids = orders.map((o) => o.orderId);

    // the server of the previous test is warm: kill it once a random number of orders is paid
    server ??= await startServer(t.databaseUrl!);
    const killAfter = 3 + Math.floor(Math.random() * 30);
    const sent = orders.flatMap((o) => [deliver(server!.base, o.payload), deliver(server!.base, o.payload)]);
    await until(async () => (await paidCount(ids)) >= killAfter);
    await kill(server);
    server = undefined;
    const answers = await Promise.all(sent);
    const states = await Promise.all(orders.map((o) => stateOf(o.orderId)));
    expect(
      states.filter((s) => !wholeOrNothing(s)),
      'half-fulfilled orders',
    ).toEqual([]);
    const counts = answers.reduce<Record<string, number>>((m, x) => ({ ...m, [x]: (m[x] ?? 0) + 1 }), {});
    const paidAtKill = states.filter((s) => s.status === 'paid').length;

    // restart: the provider redelivers every event that got no 2xx; the jobs run
    server = await startServer(t.databaseUrl!);
    const redelivered = await Promise.all(
      orders.map((o, i) =>
        answers[2 * i] === '200' && answers[2 * i + 1] === '200' ? '200' : deliver(server!.base, o.payload),
      ),
    );
    expect(redelivered.every((x) => x === '200')).toBe(true);
    await new Promise((r) => setTimeout(r, 1500)); // outbox worker every 500 ms
    await kill(server);
    server = undefined;

    const final = await Promise.all(orders.map((o) => stateOf(o.orderId)));
    expect(final.filter((x) => JSON.stringify(x) !== JSON.stringify(PAID))).toEqual([]);
    const after = await stock();
    expect(after.sold - held.sold).toBe(40);
    expect(after.reserved).toBe(stockBefore.reserved);
    for (const w of await walletSums()) expect(w.balance, `wallet of ${w.customer_id}`).toBe(w.ledger);
    console.log(
      `payment-kill: kill once ≥${killAfter} of 40 paid → answers ${JSON.stringify(counts)}, ` +
        `${paidAtKill}/40 paid at the kill, 0 half-fulfilled; restart + redelivery → 40/40 paid once`,
    );
  }, 120_000);
});
