/**
 * Never-settable fields (hardening issue, authorisation item): every customer-facing write
 * operation that takes a body gets, beside a valid body, the fields a client must never set
 * — balances, owners, statuses, prices, totals, roles, paid flags, fees — pointing at the
 * other customer or at absurd amounts. The operation must do exactly what the valid body
 * asks (or refuse with the error shape): afterwards the wallets, ticket owners, order
 * statuses and totals, prices and account states are what the server computes, compared
 * before/after through the API and a database read, and no answer echoes a forged value.
 *
 * Operations come from /api/docs/json: a new customer write operation fails the coverage
 * test until it gets a case here (or a reason in NOT_APPLICABLE).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../src/db/client';
import { DEMO_BRACELETS } from '../src/seed/wallet.seed';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

/** Areas whose write operations a customer (or a visitor about to become one) calls. */
const CUSTOMER_PREFIXES = ['/api/customers/', '/api/carts', '/api/orders', '/api/payments', '/api/wallet'];
/** Write operations with a body that have no case below, and why. */
const NOT_APPLICABLE: Record<string, string> = {
  'POST /api/customers/login-mobile': 'credentials only: sends a code, stores nothing the client names',
  'POST /api/customers/login-password': 'credentials only: opens a session',
  'POST /api/customers/resend-code': 'credentials only: sends a code',
  'POST /api/customers/activate': 'a one-time code exchange (covered by identity.test.ts)',
  'POST /api/customers/confirm-email': 'a one-time token exchange',
  'POST /api/customers/request-password': 'credentials only: sends a reset link',
  'POST /api/customers/reset-password': 'a one-time token exchange',
  'POST /api/customers/reset-password/check': 'reads whether a reset link still works, writes nothing',
  'POST /api/customers/impersonate': 'operator hand-off token (covered by account/identity tests)',
  'POST /api/customers/forget-data/confirm': 'a one-time token that erases the account',
  'POST /api/payments/stripe/webhook': 'signed by Stripe, never a customer body',
  'POST /api/orders/promo-quote':
    'a quote priced from the cart and the sale facts, reserving and storing nothing (pricing.test.ts)',
};

/** A sentinel amount no real answer contains: an echo of it is a leak of the forged field. */
const FORGED_CENTS = 7_777_777;

let t: TestApp;
let db: Db;
let ops: string[] = [];
let anaId = 0;
let ruiId = 0;
let rui = '';
let ana = '';
let festival: { id: number; ticket_types: { id: number; name: string; price_cents: number }[] };
let teatro: {
  id: number;
  ticket_types: { id: number; price_cents: number }[];
  sessions: { id: number }[];
};

/** The forged fields, as JSON values; other customers' ids where a field names an owner. */
function forged(): Record<string, unknown> {
  return {
    balance: FORGED_CENTS,
    balance_cents: FORGED_CENTS,
    online_cents: FORGED_CENTS,
    owner: anaId,
    owner_id: anaId,
    customer_id: anaId,
    customerId: anaId,
    user_id: anaId,
    status: 'paid',
    state: 'active',
    price: 1,
    price_cents: 1,
    unit_price: 1,
    unit_cents: 1,
    unit_price_cents: 1,
    total: 1,
    total_cents: 1,
    subtotal_cents: 1,
    service_cents: 0,
    amount_cents: FORGED_CENTS,
    role: 'admin',
    is_admin: true,
    admin: true,
    paid: true,
    paid_at: '2020-01-01T00:00:00.000Z',
    refundable: true,
    refundable_cents: FORGED_CENTS,
    refund_cents: FORGED_CENTS,
    fee: 0,
    fee_cents: 0,
    mobile_verified_at: '2020-01-01T00:00:00.000Z',
    email_verified_at: '2020-01-01T00:00:00.000Z',
    pending_email: 'forjado@example.pt',
  };
}
const FIELD_NAMES = Object.keys(forged());

function multipart(fields: Record<string, string>) {
  const boundary = '----bilheteira' + Math.random().toString(16).slice(2);
  const payload =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function customerWriteOperations(app: FastifyInstance): Promise<string[]> {
  const doc = (await app.inject('/api/docs/json')).json<{
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
  }>();
  const out: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(methods)) {
      if (!['post', 'put', 'patch'].includes(m)) continue;
      if (!CUSTOMER_PREFIXES.some((p) => path.startsWith(p))) continue;
      if (!Object.keys(op.requestBody?.content ?? {}).length) continue;
      out.push(`${m.toUpperCase()} ${path}`);
    }
  return out.sort();
}

// ---------------------------------------------------------------------------------------
// What must not move: read through the database and through the API

interface Snapshot {
  customers: Record<number, Record<string, unknown>>;
  wallets: Record<string, { balance: number; online: number }>;
  ticketOwners: Record<number, number>;
  orders: Record<number, { customer: number; status: string; total: number }>;
  prices: Record<number, number>;
}

async function snapshot(): Promise<Snapshot> {
  const cs = await queryRows<Record<string, unknown> & { id: number }>(
    db,
    sql`SELECT id, status, mobile, email, pending_email, mobile_verified_at, email_verified_at, erased_at,
          password_hash
        FROM customers ORDER BY id`,
  );
  const ws = await queryRows<{
    customer_id: number;
    event_id: number;
    balance_cents: number;
    online_cents: number;
  }>(db, sql`SELECT customer_id, event_id, balance_cents, online_cents FROM wallets`);
  const ts = await queryRows<{ id: number; customer_id: number }>(
    db,
    sql`SELECT id, customer_id FROM customer_tickets`,
  );
  const os = await queryRows<{ id: number; customer_id: number; status: string; total_cents: number }>(
    db,
    sql`SELECT id, customer_id, status, total_cents FROM orders`,
  );
  const ps = await queryRows<{ id: number; price_cents: number }>(
    db,
    sql`SELECT id, price_cents FROM ticket_types`,
  );
  return {
    customers: Object.fromEntries(cs.map((c) => [c.id, c])),
    wallets: Object.fromEntries(
      ws.map((w) => [`${w.customer_id}:${w.event_id}`, { balance: w.balance_cents, online: w.online_cents }]),
    ),
    ticketOwners: Object.fromEntries(ts.map((x) => [x.id, x.customer_id])),
    orders: Object.fromEntries(
      os.map((o) => [o.id, { customer: o.customer_id, status: o.status, total: o.total_cents }]),
    ),
    prices: Object.fromEntries(ps.map((p) => [p.id, p.price_cents])),
  };
}

const walletApi = async (token: string) =>
  (await injectAs(t.app, token, { url: `/api/customers/wallet-event?event_id=${festival.id}` })).json<{
    data: { wallet: { balance_cents: number } | null };
  }>().data.wallet?.balance_cents ?? 0;

let before: Snapshot;
let anaWalletApiBefore = 0;
/** what the legitimate operations did, to compare the end state with */
const done = {
  teatroOrder: 0,
  festivalOrder: 0,
  festivalTickets: [] as number[],
  transferred: 0,
  topupCents: 2000,
  refundCents: 0,
  registered: '',
};
const answers: { op: string; res: LightMyRequestResponse }[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 600_000 } });
  db = t.database.db;
  ops = await customerWriteOperations(t.app);
  const ids = await queryRows<{ id: number; mobile: string }>(
    db,
    sql`SELECT id, mobile FROM customers WHERE mobile IN ('+351912345678', '+351913456789')`,
  );
  anaId = ids.find((r) => r.mobile === '+351912345678')!.id;
  ruiId = ids.find((r) => r.mobile === '+351913456789')!.id;
  ana = await login(t.app, DEMO.ana);
  rui = await login(t.app, DEMO.rui);
  festival = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data;
  teatro = (await t.app.inject({ url: '/api/events/teatro-demo' })).json().data;
  before = await snapshot();
  anaWalletApiBefore = await walletApi(ana);
});
afterAll(() => t?.close());

/**
 * One case per operation, in order (later ones use what earlier ones made). `send` gets the
 * forged fields to add to its valid body; `expect` is the status the valid body earns.
 */
interface Case {
  op: string;
  status: number;
  send(extra: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** checks right after, beside the global ones at the end */
  check?(res: LightMyRequestResponse): Promise<void>;
}

const json = (
  token: string | null,
  method: 'POST' | 'PATCH',
  url: string,
  payload: Record<string, unknown>,
) =>
  token
    ? injectAs(t.app, token, { method, url, payload, headers: { 'x-locale': 'en' } })
    : t.app.inject({ method, url, payload, headers: { 'x-locale': 'en' } });

const orderRow = async (id: number) =>
  (
    await queryRows<{
      customer_id: number;
      status: string;
      subtotal_cents: number;
      service_cents: number;
      total_cents: number;
    }>(
      db,
      sql`SELECT customer_id, status, subtotal_cents, service_cents, total_cents FROM orders WHERE id = ${id}`,
    )
  )[0]!;
/** the subtotal the server must compute: catalogue price × qty of each ticket line, plus top-ups */
const linesSubtotal = async (orderId: number) =>
  (
    await queryRows<{ expected: number; recorded: number }>(
      db,
      sql`SELECT coalesce(sum(CASE WHEN l.kind = 'ticket' THEN tt.price_cents ELSE l.unit_cents END * l.qty), 0)::int AS expected,
                 coalesce(sum(l.unit_cents * l.qty), 0)::int AS recorded
          FROM order_lines l LEFT JOIN ticket_types tt ON tt.id = l.ticket_type_id WHERE l.order_id = ${orderId}`,
    )
  )[0]!;

const CASES: Case[] = [
  {
    op: 'POST /api/customers/update',
    status: 200,
    send: (extra) => {
      const m = multipart({
        ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
        first_name: 'Rui',
        last_name: 'Costa',
        email: 'rui.costa@example.pt',
        mobile_country_code: '351',
        mobile: '913456789',
        birthday: '1985-02-03',
        gender: 'male',
        name_billing: 'Rui Costa',
        document_billing: '123456789',
        postal_code: '4000-123',
        iban: '',
      });
      return injectAs(t.app, rui, { method: 'POST', url: '/api/customers/update', ...m });
    },
  },
  {
    op: 'POST /api/customers/customer',
    status: 200,
    send: (extra) => json(rui, 'POST', '/api/customers/customer', { ...extra, marketing_consent: true }),
  },
  {
    op: 'POST /api/customers/mobile-code',
    status: 200,
    send: (extra) =>
      json(rui, 'POST', '/api/customers/mobile-code', {
        ...extra,
        mobile_country_code: '351',
        mobile: '919999001',
      }),
  },
  {
    op: 'POST /api/customers/register',
    status: 200,
    send: (extra) => {
      done.registered = '+351919999002';
      return json(null, 'POST', '/api/customers/register', {
        ...extra,
        first_name: 'Nova',
        last_name: 'Cliente',
        email: 'nova.cliente@example.pt',
        mobile_country_code: '351',
        mobile: '919999002',
        birthday: '1990-01-01',
        gender: 'female',
        password: 'Segura!2026',
        password_confirmation: 'Segura!2026',
        accepted_terms: true,
        marketing_consent: false,
      });
    },
    async check() {
      const [row] = await queryRows<{ status: string; mobile_verified_at: unknown; id: number }>(
        db,
        sql`SELECT id, status, mobile_verified_at FROM customers WHERE mobile = ${done.registered}`,
      );
      // a new account waits for its SMS code whatever the body says
      expect(row).toMatchObject({ status: 'pending', mobile_verified_at: null });
      const owned = await queryRows<{ n: number }>(
        db,
        sql`SELECT (SELECT count(*) FROM wallets WHERE customer_id = ${row!.id})
                 + (SELECT count(*) FROM customer_tickets WHERE customer_id = ${row!.id})
                 + (SELECT count(*) FROM orders WHERE customer_id = ${row!.id}) AS n`,
      );
      expect(Number(owned[0]!.n)).toBe(0);
    },
  },
  {
    op: 'POST /api/carts/add-item',
    status: 200,
    send: (extra) =>
      json(rui, 'POST', '/api/carts/add-item', {
        ...extra,
        ticket_id: teatro.ticket_types[0]!.id,
        session_id: teatro.sessions[0]!.id,
        event_id: teatro.id,
        amount: 1,
      }),
    async check(res) {
      const cart = res.json<{ data: { subtotal_cents: number; items: { qty: number }[] } }>().data;
      expect(cart.subtotal_cents).toBe(teatro.ticket_types[0]!.price_cents);
    },
  },
  {
    op: 'PATCH /api/carts/items/{identifier}',
    status: 200,
    send: async (extra) => {
      const cart = (await injectAs(t.app, rui, { url: `/api/carts?event_id=${teatro.id}` })).json<{
        data: { items: { identifier: string | number; id?: number }[] };
      }>().data;
      const line = cart.items[0]!;
      const id = encodeURIComponent(String(line.identifier ?? line.id));
      return json(rui, 'PATCH', `/api/carts/items/${id}`, { ...extra, qty: 2 });
    },
    async check(res) {
      expect(res.json<{ data: { subtotal_cents: number } }>().data.subtotal_cents).toBe(
        2 * teatro.ticket_types[0]!.price_cents,
      );
    },
  },
  {
    op: 'POST /api/orders',
    status: 201,
    send: (extra) =>
      json(rui, 'POST', '/api/orders', {
        ...extra,
        event_id: teatro.id,
        billing: { name: 'Rui Costa', country: 'PT', document: '123456789', postal_code: '4000-123' },
      }),
    async check(res) {
      done.teatroOrder = res.json<{ data: { id: number } }>().data.id;
      const row = await orderRow(done.teatroOrder);
      const lines = await linesSubtotal(done.teatroOrder);
      expect(row.customer_id).toBe(ruiId);
      expect(row.status).toBe('pending');
      expect(lines.recorded).toBe(lines.expected);
      expect(row.subtotal_cents).toBe(2 * teatro.ticket_types[0]!.price_cents);
      expect(row.total_cents).toBe(row.subtotal_cents + row.service_cents);
      expect(row.service_cents).toBeGreaterThan(0);
    },
  },
  {
    op: 'POST /api/orders/{id}/pay',
    status: 200,
    send: async (extra) => {
      // a festival ticket and a wallet top-up, paid by card with forged amounts beside
      const created = await json(rui, 'POST', '/api/orders', {
        ...extra,
        event_id: festival.id,
        include_cart: false,
        items: [{ ticket_id: festival.ticket_types[0]!.id, qty: 1 }],
        topup_cents: done.topupCents,
      });
      expect(created.statusCode, created.body).toBe(201);
      answers.push({ op: 'POST /api/orders (top-up)', res: created });
      done.festivalOrder = created.json<{ data: { id: number } }>().data.id;
      return json(rui, 'POST', `/api/orders/${done.festivalOrder}/pay`, {
        ...extra,
        method: 'card',
        card: { number: '4242424242424242', expiry: '12/2039', cvc: '123', name: 'Rui Costa' },
      });
    },
    async check() {
      const row = await orderRow(done.festivalOrder);
      const lines = await linesSubtotal(done.festivalOrder);
      expect(row).toMatchObject({ customer_id: ruiId, status: 'paid' });
      expect(lines.recorded).toBe(lines.expected);
      expect(row.subtotal_cents).toBe(festival.ticket_types[0]!.price_cents + done.topupCents);
      expect(row.total_cents).toBe(row.subtotal_cents + row.service_cents);
      const paid = await queryRows<{ amount_cents: number; status: string }>(
        db,
        sql`SELECT amount_cents, status FROM payments WHERE order_id = ${done.festivalOrder}`,
      );
      expect(paid).toEqual([{ amount_cents: row.total_cents, status: 'approved' }]);
      const tickets = await queryRows<{ id: number; customer_id: number }>(
        db,
        sql`SELECT id, customer_id FROM customer_tickets WHERE order_id = ${done.festivalOrder}`,
      );
      expect(tickets.map((x) => x.customer_id)).toEqual([ruiId]);
      done.festivalTickets = tickets.map((x) => x.id);
    },
  },
  {
    op: 'POST /api/payments/{reference}/complete',
    status: 200,
    send: async (extra) => {
      // 3-D Secure on the theatre order, then the customer declines — with "approved" beside
      const pay = await json(rui, 'POST', `/api/orders/${done.teatroOrder}/pay`, {
        method: 'card',
        card: { number: '4000000000003220', expiry: '12/2039', cvc: '123', name: 'Rui Costa' },
      });
      expect(pay.statusCode, pay.body).toBe(200);
      const ref = pay.json<{ data: { payment: { reference: string } } }>().data.payment.reference;
      return json(rui, 'POST', `/api/payments/${encodeURIComponent(ref)}/complete`, {
        ...extra,
        status: 'approved',
        outcome: 'decline',
      });
    },
    async check(res) {
      expect(res.json<{ data: { order_status: string } }>().data.order_status).toBe('pending');
      expect((await orderRow(done.teatroOrder)).status).toBe('pending');
    },
  },
  {
    op: 'POST /api/customers/events/{id}/message',
    status: 200,
    send: (extra) =>
      json(rui, 'POST', `/api/customers/events/${festival.id}/message`, {
        ...extra,
        subject: 'Dúvida',
        message: 'Onde fica a entrada principal do recinto?',
      }),
  },
  {
    op: 'POST /api/customers/wallet/bracelets',
    status: 200,
    send: (extra) =>
      json(rui, 'POST', '/api/customers/wallet/bracelets', {
        ...extra,
        event_id: festival.id,
        code: DEMO_BRACELETS.spare[0]!.code,
        secret: DEMO_BRACELETS.spare[0]!.secret,
      }),
  },
  {
    op: 'POST /api/customers/wallet/bracelets/replace',
    status: 200,
    send: (extra) =>
      json(rui, 'POST', '/api/customers/wallet/bracelets/replace', {
        ...extra,
        event_id: festival.id,
        old_code: DEMO_BRACELETS.spare[0]!.code,
        new_code: DEMO_BRACELETS.spare[1]!.code,
        new_secret: DEMO_BRACELETS.spare[1]!.secret,
      }),
  },
  {
    op: 'POST /api/customers/wallet/bracelets/block',
    status: 200,
    send: (extra) =>
      json(rui, 'POST', '/api/customers/wallet/bracelets/block', {
        ...extra,
        event_id: festival.id,
        code: DEMO_BRACELETS.spare[1]!.code,
      }),
  },
  {
    op: 'POST /api/customers/wallet/refund-requests',
    status: 200,
    send: async (extra) => {
      const view = (
        await injectAs(t.app, rui, { url: `/api/customers/wallet-event?event_id=${festival.id}` })
      ).json<{
        data: { refund: { refund_cents: number } };
      }>().data;
      done.refundCents = view.refund.refund_cents;
      return json(rui, 'POST', '/api/customers/wallet/refund-requests', {
        ...extra,
        event_id: festival.id,
        iban: 'PT50000201231234567890154',
      });
    },
    async check() {
      // the server's quote: the online top-up less the 0.75 EUR fee, whatever the body says
      expect(done.refundCents).toBe(done.topupCents - 75);
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT * FROM refund_requests WHERE customer_id = ${ruiId}`,
      );
      expect(rows).toHaveLength(1);
      const amounts = Object.entries(rows[0]!).filter(([k]) => k.endsWith('_cents'));
      expect(Object.fromEntries(amounts)).toMatchObject({ fee_cents: 75 });
      expect(amounts.some(([, v]) => Number(v) === done.refundCents)).toBe(true);
      expect(amounts.every(([, v]) => Number(v) !== FORGED_CENTS && Number(v) <= done.topupCents)).toBe(true);
    },
  },
  {
    op: 'POST /api/customers/transfer-ticket',
    status: 200,
    send: (extra) => {
      done.transferred = done.festivalTickets[0]!;
      // the body names Ana's phone; the forged owner fields name Rui (keep it) and Ana's id
      return json(rui, 'POST', '/api/customers/transfer-ticket', {
        ...extra,
        owner_id: ruiId,
        customer_id: ruiId,
        customer_ticket_id: done.transferred,
        mobile_country_code: '351',
        mobile: '912345678',
      });
    },
  },
  {
    op: 'POST /api/customers/portable',
    status: 200,
    send: (extra) => json(rui, 'POST', '/api/customers/portable', { ...extra, format: 'json' }),
  },
  {
    op: 'POST /api/customers/change-password',
    status: 200,
    send: (extra) =>
      json(rui, 'POST', '/api/customers/change-password', {
        ...extra,
        old_password: DEMO.rui.password,
        password: 'Outra!2026x',
        password_confirmation: 'Outra!2026x',
      }),
  },
];

describe('never-settable fields', () => {
  it('has a case for every customer write operation of the OpenAPI document', () => {
    const covered = new Set([...CASES.map((c) => c.op), ...Object.keys(NOT_APPLICABLE)]);
    expect(ops.length).toBeGreaterThan(10);
    expect(ops.filter((op) => !covered.has(op))).toEqual([]);
    // and no stale case for an operation that is gone
    expect(CASES.map((c) => c.op).filter((op) => !ops.includes(op))).toEqual([]);
  });

  for (const c of CASES) {
    it(`${c.op}: does what the valid body asks, ignoring ${FIELD_NAMES.length} forged fields`, async () => {
      const res = await c.send(forged());
      answers.push({ op: c.op, res });
      if (res.statusCode >= 400) expectErrorShape(res);
      expect(res.statusCode, res.body.slice(0, 400)).toBe(c.status);
      await c.check?.(res);
    });
  }

  it('no answer echoes a forged amount or flag', () => {
    const problems = answers.filter(
      ({ res }) => res.body.includes(String(FORGED_CENTS)) || /"is_admin"|"role"/.test(res.body),
    );
    expect(problems.map((p) => `${p.op}: ${p.res.body.slice(0, 300)}`)).toEqual([]);
    console.log(
      `never-settable: ${CASES.length} operations × ${FIELD_NAMES.length} forged fields ` +
        `(as multipart text for the account form), ${answers.length} answers, ` +
        `${answers.filter((a) => a.res.statusCode >= 500).length} 5xx`,
    );
  });

  it('afterwards: wallets, ticket owners, orders, prices and account states are what the server made', async () => {
    const after = await snapshot();
    // prices never move
    expect(after.prices).toEqual(before.prices);
    // accounts: no state, verification or erasure set by a body (Rui only changed his password)
    for (const [id, row] of Object.entries(before.customers)) {
      const now = after.customers[Number(id)]!;
      const { password_hash: _a, ...rest } = row;
      const { password_hash: _b, ...restNow } = now;
      expect(restNow, `customer ${id}`).toEqual(rest);
    }
    // Ana: wallet, orders and tickets as before, plus the ticket Rui gave her
    expect(after.wallets[`${anaId}:${festival.id}`]).toEqual(before.wallets[`${anaId}:${festival.id}`]);
    expect(await walletApi(ana)).toBe(anaWalletApiBefore);
    for (const [id, o] of Object.entries(before.orders))
      expect(after.orders[Number(id)], `order ${id}`).toEqual(o);
    for (const [id, owner] of Object.entries(before.ticketOwners))
      expect(after.ticketOwners[Number(id)], `ticket ${id}`).toBe(owner);
    expect(after.ticketOwners[done.transferred]).toBe(anaId);
    // Rui: exactly the top-up he paid for is in his wallet (the refund request holds it)
    const w = after.wallets[`${ruiId}:${festival.id}`];
    const wasBefore = before.wallets[`${ruiId}:${festival.id}`] ?? { balance: 0, online: 0 };
    expect(w!.balance - wasBefore.balance).toBeLessThanOrEqual(done.topupCents);
    expect(w!.balance - wasBefore.balance).toBeGreaterThanOrEqual(0);
    const credited = await queryRows<{ n: number; sum: number }>(
      db,
      sql`SELECT count(*)::int AS n, coalesce(sum(t.amount_cents), 0)::int AS sum
          FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id
          WHERE w.customer_id = ${ruiId} AND t.type = 'topup'`,
    );
    expect(credited[0]).toEqual({ n: 1, sum: done.topupCents });
    // every new order: Rui's, with the server's totals; only the paid one is paid
    const newOrders = Object.entries(after.orders).filter(([id]) => !before.orders[Number(id)]);
    expect(newOrders.map(([id, o]) => [Number(id), o.customer, o.status]).sort()).toEqual(
      [
        [done.teatroOrder, ruiId, 'pending'],
        [done.festivalOrder, ruiId, 'paid'],
      ].sort(),
    );
    for (const [id] of newOrders) {
      const lines = await linesSubtotal(Number(id));
      const row = await orderRow(Number(id));
      expect(lines.recorded).toBe(lines.expected);
      expect(row.total_cents).toBe(row.subtotal_cents + row.service_cents);
      expect(row.subtotal_cents).toBe(lines.expected);
    }
    // no paid order without an approved payment of its total
    const unbacked = await queryRows<{ id: number }>(
      db,
      sql`SELECT o.id FROM orders o WHERE o.status = 'paid' AND o.id > ${Math.max(...Object.keys(before.orders).map(Number))}
          AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'approved' AND p.amount_cents = o.total_cents)`,
    );
    expect(unbacked).toEqual([]);
  });
});
