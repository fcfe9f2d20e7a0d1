/**
 * Issue 25 item 4: the customer gives up an MB WAY request ("use another method") with
 * POST /api/orders/:id/payment/cancel; the attempt ends here and at the provider, the order
 * stays payable by card. Someone else's order, a paid order, a repeat and 100 concurrent
 * calls change nothing more than one call would. The card expiry is taken as MM/YY too.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { orderHoldMs } from '../src/modules/orders/order-hold';
import { cancelOpenAttempt } from '../src/modules/payments/payment-cancel.service';
import type { PaymentProvider } from '../src/modules/payments/payment-provider';
import type { PaymentsContext } from '../src/modules/payments/payments.context';
import { sandboxProvider } from '../src/modules/payments/sandbox-provider';
import { autoDecideSandboxMbway } from '../src/modules/payments/sandbox-payments.service';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

let t: TestApp;
let ana: string;
let rui: string;
let anaId: number;
let festival: { id: number; ticket_types: { id: number }[] };

const MBWAY = { method: 'mbway', mbway: { country_code: '351', mobile: '912345678' } };
const CARD = { method: 'card', card: { number: '4242 4242 4242 4242', expiry: '12/30', name: 'Ana Silva' } };

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);
const paymentStatus = async (id: number) =>
  (await rows<{ status: string }>(sql`SELECT status FROM payments WHERE id = ${id}`))[0]!.status;

async function newOrder(token: string) {
  const res = await injectAs(t.app, token, {
    method: 'POST',
    url: '/api/orders',
    payload: {
      event_id: festival.id,
      include_cart: false,
      items: [{ ticket_id: festival.ticket_types[0]!.id, qty: 1 }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

const pay = (token: string, orderId: number, body: Record<string, unknown>) =>
  injectAs(t.app, token, { method: 'POST', url: `/api/orders/${orderId}/pay`, payload: body });

const cancel = (token: string, orderId: number | string, locale = 'pt-pt') =>
  injectAs(t.app, token, {
    method: 'POST',
    url: `/api/orders/${orderId}/payment/cancel`,
    headers: { 'x-locale': locale },
  });

async function waitingMbway(token: string) {
  const order = await newOrder(token);
  const res = await pay(token, order.id, MBWAY);
  expect(res.statusCode, res.body).toBe(200);
  const payment = res.json().data.payment as { id: number; reference: string; status: string };
  expect(payment.status).toBe('pending');
  return { orderId: order.id, payment };
}

beforeAll(async () => {
  t = await createTestApp({
    config: { ORDER_RATE_PER_CUSTOMER_PER_MINUTE: 0, ORDER_RATE_PER_IP_PER_MINUTE: 0 },
  });
  ana = await login(t.app, DEMO.ana);
  rui = await login(t.app, DEMO.rui);
  anaId = (await rows<{ id: number }>(sql`SELECT id FROM customers WHERE mobile = '+351912345678'`))[0]!.id;
  festival = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data;
}, 120_000);
afterAll(() => t?.close());

describe('POST /api/orders/:id/payment/cancel', () => {
  it('ends the waiting MB WAY request; the simulated app can no longer approve it; card then pays', async () => {
    const { orderId, payment } = await waitingMbway(ana);
    const res = await cancel(ana, orderId, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.cancelled).toBe(true);
    expect(body.data.payment.status).toBe('expired');
    expect(body.data.order.status).toBe('pending');
    expect(body.data.order.payable).toBe(true);
    expect(body.message).toBe('The payment request was cancelled. You can pay with another method.');

    // the simulated MB WAY app answering late does not charge the ended request
    const ctx = { ...ctxWith(sandboxProvider()) };
    await autoDecideSandboxMbway(ctx, 0, new Date(Date.now() + 1000));
    expect(await paymentStatus(payment.id)).toBe('expired');

    const card = await pay(ana, orderId, CARD);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().data.order.status).toBe('paid');
    const approved = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM payments WHERE order_id = ${orderId} AND status = 'approved'`,
    );
    expect(approved[0]!.n).toBe(1);
  });

  it("someone else's order: 404, and the request keeps waiting", async () => {
    const { orderId, payment } = await waitingMbway(ana);
    const res = await cancel(rui, orderId);
    expect(res.statusCode).toBe(404);
    expectErrorShape(res);
    expect(await paymentStatus(payment.id)).toBe('pending');
  });

  it('a paid order stays paid: nothing is cancelled, the answer says it is paid', async () => {
    const order = await newOrder(ana);
    expect((await pay(ana, order.id, CARD)).json().data.order.status).toBe('paid');
    const res = await cancel(ana, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ cancelled: false, payment: { status: 'approved' } });
    expect(res.json().data.order.status).toBe('paid');
  });

  it('100 concurrent calls and a repeat: one closes the request, every answer is 200', async () => {
    const { orderId, payment } = await waitingMbway(ana);
    const answers = await Promise.all(Array.from({ length: 100 }, () => cancel(ana, orderId)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    expect(answers.filter((r) => r.json().data.cancelled === true)).toHaveLength(1);
    const audits = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log
          WHERE action = 'payment.cancelled_by_customer' AND entity_id = ${String(payment.id)}`,
    );
    expect(audits[0]!.n).toBe(1);
    const again = await cancel(ana, orderId);
    expect(again.json().data).toMatchObject({
      cancelled: false,
      payment: { id: payment.id, status: 'expired' },
    });
  });

  it('asks the provider once to end the request, and a provider that refuses still ends it here', async () => {
    const calls: string[] = [];
    const inner = sandboxProvider();
    const refusing: PaymentProvider = {
      ...inner,
      async cancel(ref) {
        calls.push(ref);
        throw new Error('payment_intent_unexpected_state');
      },
    };
    const { orderId, payment } = await waitingMbway(ana);
    const args = { customerId: anaId, orderId, actor: 'test' };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => cancelOpenAttempt(ctxWith(refusing), args, new Date())),
    );
    expect(results.filter((r) => r.cancelled)).toHaveLength(1);
    expect(calls).toEqual([payment.reference]);
    expect(await paymentStatus(payment.id)).toBe('expired');
  });

  it('bad ids answer 400 or 404, never 500; an order without attempts answers cancelled=false', async () => {
    expect((await cancel(ana, 'abc')).statusCode).toBe(400);
    expect((await cancel(ana, 99_999_999)).statusCode).toBe(404);
    const order = await newOrder(ana);
    const res = await cancel(ana, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ cancelled: false, payment: null });
  });
});

describe('card expiry', () => {
  it('MM/YY is taken as MM/20YY; a month 13 or a past date is a clear 400 on the field', async () => {
    const order = await newOrder(ana);
    const bad = await pay(ana, order.id, { ...CARD, card: { ...CARD.card, expiry: '13/30' } });
    expect(bad.statusCode).toBe(400);
    expect(expectErrorShape(bad).errors['card.expiry']).toBeDefined();
    const past = await pay(ana, order.id, { ...CARD, card: { ...CARD.card, expiry: '01/20' } });
    expect(past.statusCode).toBe(400);
    expect(expectErrorShape(past).errors['card.expiry']).toBeDefined();
    const ok = await pay(ana, order.id, { ...CARD, card: { ...CARD.card, expiry: '12/2030' } });
    expect(ok.json().data.order.status).toBe('paid');
  });
});

const ctxWith = (provider: PaymentProvider): PaymentsContext => ({
  db: t.database.db,
  provider,
  publicUrl: 'http://localhost:3000',
  devTools: false,
  orderHoldMs: orderHoldMs(t.config),
});
