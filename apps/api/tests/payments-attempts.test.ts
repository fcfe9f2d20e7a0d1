/**
 * Payment attempts (issue 23, item 9): parallel pay calls charge once, every attempt expires,
 * and money owed back (`refund_pending`) is refunded through the provider by a job, once,
 * and listed for operators. Concurrency is real on PostgreSQL (TEST_DATABASE_URL) and
 * serialised on PGlite, where the same answers must hold.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { fulfilPayment } from '../src/modules/payments/fulfilment.service';
import type { PaymentProvider, ProviderResult } from '../src/modules/payments/payment-provider';
import { REFUND_MAX_ATTEMPTS, refundDuePayments } from '../src/modules/payments/payment-refunds.service';
import { runPaymentsOps } from '../src/modules/payments/payments.ops';
import { orderHoldMs } from '../src/modules/orders/order-hold';
import { attemptWindowMs, payOrder } from '../src/modules/payments/pay-order.service';
import { expirePaymentAttempts } from '../src/modules/payments/payment-confirmation.service';
import type { PaymentsContext } from '../src/modules/payments/payments.context';
import { sandboxProvider } from '../src/modules/payments/sandbox-provider';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

const OPERATOR_KEY = 'operator-key-for-payment-tests';
let t: TestApp;
let ana: string;
let rui: string;
let ruiId: number;
let teatro: { id: number; ticket_types: { id: number }[]; sessions: { id: number }[] };
let festival: { id: number; ticket_types: { id: number }[] };

const MBWAY = { method: 'mbway', mbway: { country_code: '351', mobile: '913456789' } };

async function newOrder(token: string, where: 'teatro' | 'festival', qty = 1) {
  const items =
    where === 'teatro'
      ? [{ ticket_id: teatro.ticket_types[0]!.id, session_id: teatro.sessions[3]!.id, qty }]
      : [{ ticket_id: festival.ticket_types[0]!.id, qty }];
  const res = await injectAs(t.app, token, {
    method: 'POST',
    url: '/api/orders',
    payload: { event_id: where === 'teatro' ? teatro.id : festival.id, include_cart: false, items },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; total_cents: number };
}

const pay = (token: string, orderId: number, body: Record<string, unknown>) =>
  injectAs(t.app, token, {
    method: 'POST',
    url: `/api/orders/${orderId}/pay`,
    headers: { 'x-locale': 'en' },
    payload: body,
  });

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);

interface PaymentDbRow {
  id: number;
  status: string;
  provider_ref: string | null;
  expires_at: Date | null;
  refund_ref: string | null;
  refund_attempts: number;
  refund_error: string | null;
}
const paymentsOf = (orderId: number) =>
  rows<PaymentDbRow>(
    sql`SELECT id, status, provider_ref, expires_at, refund_ref, refund_attempts, refund_error
        FROM payments WHERE order_id = ${orderId} ORDER BY id`,
  );
const paymentRow = async (id: number) =>
  (await rows<PaymentDbRow>(sql`SELECT * FROM payments WHERE id = ${id}`))[0]!;

/** The sandbox, counting its calls; `hold` makes create() wait until released. */
function countingSandbox(opts: { refundDelayMs?: number; refundFails?: boolean } = {}) {
  const inner = sandboxProvider();
  const calls = { create: 0, refund: [] as string[] };
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  const provider: PaymentProvider = {
    name: 'sandbox',
    async create(input, now): Promise<ProviderResult> {
      calls.create++;
      if (gate) await gate;
      return inner.create(input, now);
    },
    retrieve: (ref) => inner.retrieve(ref),
    async refund(input) {
      calls.refund.push(input.idempotencyKey);
      if (opts.refundDelayMs) await new Promise((r) => setTimeout(r, opts.refundDelayMs));
      if (opts.refundFails) throw new Error('acquirer unavailable');
      return inner.refund(input);
    },
  };
  return {
    calls,
    provider,
    hold() {
      gate = new Promise((r) => (release = r));
    },
    release() {
      gate = null;
      release();
    },
  };
}

const ctxWith = (provider: PaymentProvider): PaymentsContext => ({
  db: t.database.db,
  provider,
  publicUrl: 'http://localhost:3000',
  devTools: false,
  orderHoldMs: orderHoldMs(t.config),
});

/**
 * A payment owed back: the order is paid by Google Pay after its MB WAY attempt was replaced,
 * then MB WAY approves late (as a provider webhook would) → refund_pending.
 */
async function refundPendingPayment(): Promise<{ orderId: number; paymentId: number }> {
  const order = await newOrder(rui, 'festival');
  const mb = (await pay(rui, order.id, MBWAY)).json().data.payment;
  const gp = await pay(rui, order.id, { method: 'google_pay' });
  expect(gp.json().data.order.status).toBe('paid');
  expect((await paymentRow(mb.id)).status).toBe('expired');
  const outcome = await fulfilPayment(
    t.database.db,
    { provider: 'sandbox', eventRef: `late:${mb.reference}`, paymentId: mb.id, type: 'approved' },
    new Date(),
    { publicUrl: 'http://x' },
  );
  expect(outcome).toBe('refund_pending');
  return { orderId: order.id, paymentId: mb.id };
}

beforeAll(async () => {
  t = await createTestApp({
    config: {
      OPERATOR_KEY,
      MAX_EVENT_LOOP_DELAY_MS: 60_000,
      // this file creates more orders per minute than a customer may
      ORDER_RATE_PER_CUSTOMER_PER_MINUTE: 0,
      ORDER_RATE_PER_IP_PER_MINUTE: 0,
    },
  });
  ana = await login(t.app, DEMO.ana);
  rui = await login(t.app, DEMO.rui);
  ruiId = (await rows<{ id: number }>(sql`SELECT id FROM customers WHERE mobile = '+351913456789'`))[0]!.id;
  teatro = (await t.app.inject({ url: '/api/events/teatro-demo' })).json().data;
  festival = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data;
}, 120_000);
afterAll(() => t?.close());

describe('one open attempt per order', () => {
  it('10 parallel MB WAY calls without Idempotency-Key: one attempt, every answer is it, paid once', async () => {
    const order = await newOrder(ana, 'teatro', 2);
    const body = { method: 'mbway', mbway: { country_code: '351', mobile: '912345678' } };
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(ana, order.id, body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((r) => r.json().data.payment.id));
    expect(ids.size).toBe(1);
    expect(answers.every((r) => r.json().data.payment.status === 'pending')).toBe(true);
    const attempts = await paymentsOf(order.id);
    expect(attempts).toHaveLength(1); // one attempt = one provider call
    expect(attempts[0]!.id).toBe([...ids][0]);

    const reference = answers[0]!.json().data.payment.reference as string;
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/dev/payments/${reference}/approve` })).statusCode,
    ).toBe(200);
    const detail = (await injectAs(t.app, ana, { url: `/api/orders/${order.id}` })).json().data;
    expect(detail.status).toBe('paid');
    expect(detail.ticket_ids).toHaveLength(2);
    expect(detail.payments.map((p: { status: string }) => p.status)).toEqual(['approved']);
  });

  it('10 parallel Google Pay calls: one charge, one approved attempt, every answer refers to it', async () => {
    const order = await newOrder(ana, 'festival');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => pay(ana, order.id, { method: 'google_pay' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.json().data.payment.id)).size).toBe(1);
    expect(answers.every((r) => r.json().data.order.status === 'paid')).toBe(true);
    const attempts = await paymentsOf(order.id);
    expect(attempts.map((p) => p.status)).toEqual(['approved']);
    const tickets = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM customer_tickets WHERE order_id = ${order.id}`,
    );
    expect(tickets[0]!.n).toBe(1);
    expect(
      await rows(sql`SELECT id FROM payments WHERE status = 'refund_pending' AND order_id = ${order.id}`),
    ).toEqual([]);
    // a later call is a new request for an order already paid
    expect((await pay(ana, order.id, { method: 'google_pay' })).statusCode).toBe(409);
  });

  it('the provider is called once per attempt; a different request waits its turn (409), an identical one gets the same answer', async () => {
    const order = await newOrder(rui, 'teatro');
    const sandbox = countingSandbox();
    const ctx = ctxWith(sandbox.provider);
    const input = (body: Record<string, unknown>) => ({
      customerId: ruiId,
      orderId: order.id,
      body: body as never,
      idempotencyKey: null,
      locale: 'en',
    });
    sandbox.hold();
    const first = payOrder(ctx, input({ method: 'google_pay' }), new Date());
    // the attempt row exists (in flight) before the provider answers
    for (let i = 0; i < 100 && (await paymentsOf(order.id)).length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    const [inFlight] = await paymentsOf(order.id);
    expect(inFlight!.status).toBe('pending');
    expect(inFlight!.expires_at).not.toBeNull();

    const other = await payOrder(ctx, input(MBWAY), new Date()).catch(
      (e: { statusCode: number; code: string }) => e,
    );
    expect(other).toMatchObject({ statusCode: 409, code: 'payment_in_progress' });
    const same = payOrder(ctx, input({ method: 'google_pay' }), new Date());
    await new Promise((r) => setTimeout(r, 100));
    sandbox.release();
    const [a, b] = await Promise.all([first, same]);
    expect(b.payment.id).toBe(a.payment.id);
    expect([a.payment.status, b.payment.status]).toEqual(['approved', 'approved']);
    expect(b.order.status).toBe('paid');
    expect(sandbox.calls.create).toBe(1);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('after a declined attempt is closed, a new attempt is allowed', async () => {
    const order = await newOrder(rui, 'teatro');
    const declined = { method: 'card', card: { number: '4000000000000002', expiry: '12/2099', name: 'Rui' } };
    const first = await pay(rui, order.id, declined);
    expect(first.statusCode).toBe(422);
    expect(expectErrorShape(first).code).toBe('payment_declined');
    expect((await pay(rui, order.id, declined)).statusCode).toBe(422);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['declined', 'declined']);
    const ok = await pay(rui, order.id, { method: 'apple_pay' });
    expect(ok.json().data.order.status).toBe('paid');
  });

  it('a switch of method while MB WAY waits replaces the open attempt (one open attempt)', async () => {
    const order = await newOrder(rui, 'festival');
    const mb = (await pay(rui, order.id, MBWAY)).json().data.payment;
    // the same request again answers the open attempt: no second MB WAY request
    expect((await pay(rui, order.id, MBWAY)).json().data.payment.id).toBe(mb.id);
    const card = await pay(rui, order.id, {
      method: 'card',
      card: { number: '4000000000003220', expiry: '12/2099', name: 'Rui' },
    });
    expect(card.json().data.payment.status).toBe('requires_action');
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['expired', 'requires_action']);
    const done = await injectAs(t.app, rui, {
      method: 'POST',
      url: `/api/payments/${card.json().data.payment.reference}/complete`,
      payload: { outcome: 'approve' },
    });
    expect(done.json().data.order_status).toBe('paid');
  });
});

describe('a confirmation racing a new attempt on the same order', () => {
  it('MB WAY approved while the customer switches to Google Pay: no error, paid once, any second charge owed back', async () => {
    const orders: number[] = [];
    for (let round = 0; round < 6; round++) {
      const order = await newOrder(ana, 'teatro');
      const mb = (
        await pay(ana, order.id, { method: 'mbway', mbway: { country_code: '351', mobile: '912345678' } })
      ).json().data.payment;
      const [approve, gp] = await Promise.all([
        t.app.inject({ method: 'POST', url: `/api/dev/payments/${mb.reference}/approve` }),
        pay(ana, order.id, { method: 'google_pay' }),
      ]);
      expect([200, 409]).toContain(approve.statusCode);
      expect([200, 409]).toContain(gp.statusCode);
      const statuses = (await paymentsOf(order.id)).map((p) => p.status);
      expect(statuses.filter((x) => x === 'approved')).toHaveLength(1);
      expect(statuses.every((x) => ['approved', 'refund_pending', 'expired'].includes(x))).toBe(true);
      const detail = (await injectAs(t.app, ana, { url: `/api/orders/${order.id}` })).json().data;
      expect(detail.status).toBe('paid');
      orders.push(order.id);
    }
    // whatever was charged twice is given back
    await refundDuePayments(ctxWith(sandboxProvider()), new Date());
    for (const id of orders)
      expect((await paymentsOf(id)).filter((p) => p.status === 'refund_pending')).toEqual([]);
  });
});

describe('every attempt expires', () => {
  it('an attempt whose provider call never returned (a crash) is expired by the job after its window', async () => {
    const order = await newOrder(ana, 'teatro');
    const sandbox = countingSandbox();
    sandbox.hold();
    const now = new Date();
    const anaId = (
      await rows<{ id: number }>(sql`SELECT id FROM customers WHERE mobile = '+351912345678'`)
    )[0]!.id;
    const stuck = payOrder(
      ctxWith(sandbox.provider),
      { customerId: anaId, orderId: order.id, body: MBWAY as never, idempotencyKey: null, locale: 'en' },
      now,
    );
    for (let i = 0; i < 100 && (await paymentsOf(order.id)).length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    const [attempt] = await paymentsOf(order.id);
    expect(attempt!.status).toBe('pending');
    expect(new Date(attempt!.expires_at!).getTime()).toBe(now.getTime() + attemptWindowMs('mbway'));

    await expirePaymentAttempts(t.database.db, new Date(now.getTime() + 60_000));
    expect((await paymentRow(attempt!.id)).status).toBe('pending');
    const after = new Date(now.getTime() + attemptWindowMs('mbway') + 1000);
    expect(await expirePaymentAttempts(t.database.db, after)).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(attempt!.id)).status).toBe('expired');
    // the provider answering after all does not reopen it
    sandbox.release();
    await stuck.catch(() => {});
    expect((await paymentRow(attempt!.id)).status).toBe('expired');
  });

  it('a closed attempt forgets the MB WAY phone it was asked for (payments are kept 10 years)', async () => {
    const order = await newOrder(ana, 'festival');
    const mb = (
      await pay(ana, order.id, { method: 'mbway', mbway: { country_code: '351', mobile: '912345678' } })
    ).json().data.payment;
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/dev/payments/${mb.reference}/approve` })).statusCode,
    ).toBe(200);
    const meta = async () =>
      JSON.stringify(
        (await rows<{ meta: unknown }>(sql`SELECT meta FROM payments WHERE id = ${mb.id}`))[0]!.meta,
      );
    await expirePaymentAttempts(t.database.db, new Date());
    expect(await meta()).toContain('912345678'); // still recognises a parallel repeat
    await expirePaymentAttempts(t.database.db, new Date(Date.now() + 11 * 60_000));
    expect(await meta()).not.toContain('912345678');
    expect(await meta()).toContain('•••'); // the masked display stays
  });

  it('card attempts get a short window when created', async () => {
    const order = await newOrder(ana, 'festival');
    const before = Date.now();
    const res = await pay(ana, order.id, {
      method: 'card',
      card: { number: '4000000000000002', expiry: '12/2099', name: 'Ana' },
    });
    expect(res.statusCode).toBe(422);
    const [p] = await paymentsOf(order.id);
    const window = new Date(p!.expires_at!).getTime() - before;
    expect(window).toBeGreaterThan(0);
    expect(window).toBeLessThanOrEqual(attemptWindowMs('card') + 5_000);
  });
});

describe('refunds of money owed back', () => {
  it('a late approval of a replaced attempt is refunded through the provider by one run of the job', async () => {
    const { orderId, paymentId } = await refundPendingPayment();
    const sandbox = countingSandbox();
    const ctx = ctxWith(sandbox.provider);
    expect(await refundDuePayments(ctx, new Date())).toBe(1);
    const p = await paymentRow(paymentId);
    expect(p.status).toBe('refunded');
    expect(p.refund_ref).toBe(`re_${p.provider_ref}`);
    expect(sandbox.calls.refund).toEqual([`refund:payment:${paymentId}`]);
    // nothing left to do; the order stays paid by its other payment
    expect(await refundDuePayments(ctx, new Date())).toBe(0);
    expect(sandbox.calls.refund).toHaveLength(1);
    const detail = (await injectAs(t.app, rui, { url: `/api/orders/${orderId}` })).json().data;
    expect(detail.status).toBe('paid');
    expect(detail.payments.map((x: { status: string }) => x.status).sort()).toEqual(['approved', 'refunded']);
    // another confirmation of the refunded payment (a return redirect) changes nothing
    expect(
      await fulfilPayment(
        t.database.db,
        { provider: 'sandbox', eventRef: `again:${paymentId}`, paymentId, type: 'return' },
        new Date(),
        { publicUrl: 'http://x' },
      ),
    ).toBe('refunded');
    expect((await paymentRow(paymentId)).status).toBe('refunded');
  });

  it('two job runs at once refund a payment once', async () => {
    const { paymentId } = await refundPendingPayment();
    const sandbox = countingSandbox({ refundDelayMs: 300 });
    const ctx = ctxWith(sandbox.provider);
    const handled = await Promise.all([
      refundDuePayments(ctx, new Date()),
      refundDuePayments(ctx, new Date()),
    ]);
    expect(handled.reduce((a, b) => a + b, 0)).toBe(1);
    expect(sandbox.calls.refund).toEqual([`refund:payment:${paymentId}`]);
    expect((await paymentRow(paymentId)).status).toBe('refunded');
  });

  it('a refund the provider refuses is retried with backoff, then refund_failed with its reason', async () => {
    const { paymentId } = await refundPendingPayment();
    const sandbox = countingSandbox({ refundFails: true });
    const ctx = ctxWith(sandbox.provider);
    let now = new Date();
    expect(await refundDuePayments(ctx, now)).toBe(1);
    let p = await paymentRow(paymentId);
    expect(p).toMatchObject({
      status: 'refund_pending',
      refund_attempts: 1,
      refund_error: 'acquirer unavailable',
    });
    // not due again at once
    expect(await refundDuePayments(ctx, now)).toBe(0);
    for (let i = 1; i < REFUND_MAX_ATTEMPTS; i++) {
      now = new Date(now.getTime() + 7 * 3_600_000);
      expect(await refundDuePayments(ctx, now)).toBe(1);
    }
    p = await paymentRow(paymentId);
    expect(p).toMatchObject({ status: 'refund_failed', refund_attempts: REFUND_MAX_ATTEMPTS });
    expect(sandbox.calls.refund).toHaveLength(REFUND_MAX_ATTEMPTS);
    // the customer still sees money owed back
    const view = await rows<{ order_id: number }>(sql`SELECT order_id FROM payments WHERE id = ${paymentId}`);
    const detail = (await injectAs(t.app, rui, { url: `/api/orders/${view[0]!.order_id}` })).json().data;
    expect(detail.payments.map((x: { status: string }) => x.status)).toContain('refund_pending');
  });

  it('operators list refund_pending and refund_failed payments (`npm run ops -- payments refund-pending`)', async () => {
    const { paymentId } = await refundPendingPayment();
    const denied = await t.app.inject({
      url: '/api/operator/payments',
      headers: { 'x-operator-key': 'wrong-key' },
    });
    expect(denied.statusCode).toBe(401);
    expectErrorShape(denied);
    const listed = await t.app.inject({
      url: '/api/operator/payments?status=refund_pending',
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(listed.statusCode).toBe(200);
    const data = listed.json().data as { id: number; status: string }[];
    expect(data.find((r) => r.id === paymentId)).toMatchObject({ status: 'refund_pending' });
    expect(data.every((r) => ['refund_pending', 'refund_failed'].includes(r.status))).toBe(true);
    expect(data.some((r) => r.status === 'refund_failed')).toBe(true);

    // the command itself, talking to this app instead of a server over the network
    const out: string[] = [];
    const io = {
      config: { PUBLIC_URL: 'http://localhost:3000', OPERATOR_KEY },
      out: (l: string) => out.push(l),
      err: (l: string) => out.push(`ERR ${l}`),
      fetch: (async (url: string | URL | Request, init?: RequestInit) => {
        const u = new URL(String(url));
        const res = await t.app.inject({
          method: (init?.method ?? 'GET') as 'GET' | 'POST',
          url: `${u.pathname}${u.search}`,
          headers: init?.headers as Record<string, string>,
        });
        return new Response(res.body, {
          status: res.statusCode,
          headers: { 'content-type': 'application/json' },
        });
      }) as typeof fetch,
    };
    expect(await runPaymentsOps(['refund-pending'], io)).toBe(0);
    expect(out.join('\n')).toMatch(new RegExp(`^ *${paymentId}  refund_pending +`, 'm'));
    expect(out.join('\n')).toContain('refund_failed');

    // a refund the job gave up on goes back to it once the operator asks
    const failed = data.find((r) => r.status === 'refund_failed')!;
    out.length = 0;
    expect(await runPaymentsOps(['retry-refund', String(paymentId)], io)).toBe(1);
    expect(out.join('\n')).toContain('Refused (409)');
    expect(await runPaymentsOps(['retry-refund', String(failed.id)], io)).toBe(0);
    expect(await paymentRow(failed.id)).toMatchObject({ status: 'refund_pending', refund_attempts: 0 });
    expect(await runPaymentsOps(['bogus'], { fetch, out: () => {}, err: () => {} })).toBe(2);
  });
});
