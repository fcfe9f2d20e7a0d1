import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { fulfilPayment } from '../src/modules/payments/fulfilment.service';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

const WEBHOOK_SECRET = 'whsec_test_secret_for_fixtures';
let t: TestApp;
let ana: string;
let rui: string;
let teatro: { id: number; ticket_types: { id: number }[]; sessions: { id: number }[] };
let festivalId: number;

const count = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.database.db, q))[0]!.n;

async function newOrder(token: string, qty = 1, extra: Record<string, unknown> = {}) {
  const res = await injectAs(t.app, token, {
    method: 'POST',
    url: '/api/orders',
    payload: {
      event_id: teatro.id,
      items: [{ ticket_id: teatro.ticket_types[0]!.id, session_id: teatro.sessions[3]!.id, qty }],
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; total_cents: number };
}

const pay = (token: string, orderId: number, body: Record<string, unknown>, key?: string) =>
  injectAs(t.app, token, {
    method: 'POST',
    url: `/api/orders/${orderId}/pay`,
    headers: { 'x-locale': 'en', ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

const card = (number: string) => ({ method: 'card', card: { number, expiry: '12/2099', name: 'Rui Costa' } });

beforeAll(async () => {
  // PGlite runs in this thread: its long statements would look like an overloaded event loop
  t = await createTestApp({
    config: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, MAX_EVENT_LOOP_DELAY_MS: 60_000 },
  });
  ana = await login(t.app, DEMO.ana);
  rui = await login(t.app, DEMO.rui);
  teatro = (await t.app.inject({ url: '/api/events/teatro-demo' })).json().data;
  festivalId = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data.id;
});
afterAll(() => t.close());

describe('sandbox payments', () => {
  it('a test card approves: order paid, tickets issued, stock sold, one email', async () => {
    const order = await newOrder(rui, 2);
    const res = await pay(rui, order.id, card('4242 4242 4242 4242'));
    expect(res.statusCode, res.body).toBe(200);
    const { payment, order: o } = res.json().data;
    expect(payment).toMatchObject({ status: 'approved', display: 'Visa •••• 4242' });
    expect(o.status).toBe('paid');
    expect(o.ticket_ids).toHaveLength(2);
    expect(JSON.stringify(await queryRows(t.database.db, sql`SELECT meta FROM payments`))).not.toContain(
      '4242424242424242',
    );
    expect(
      await count(sql`SELECT count(*)::int AS n FROM outbox WHERE meta->>'order_id' = ${String(order.id)}`),
    ).toBe(1);
    // paying again is refused
    expect((await pay(rui, order.id, card('4242424242424242'))).statusCode).toBe(409);
  });

  it('a declined card answers the spec message and leaves the order payable', async () => {
    const order = await newOrder(rui);
    const res = await pay(rui, order.id, card('4000000000000002'));
    expect(res.statusCode).toBe(422);
    expect(expectErrorShape(res).message).toBe(
      'The payment could not be made. Try again later or use another payment method.',
    );
    const detail = (await injectAs(t.app, rui, { url: `/api/orders/${order.id}` })).json().data;
    expect(detail).toMatchObject({ status: 'pending', payable: true });
    expect(detail.payments[0].status).toBe('declined');
    const ok = await pay(rui, order.id, { method: 'google_pay' });
    expect(ok.json().data.order.status).toBe('paid');
  });

  it('validates card input (Luhn, expiry in the past) with field errors', async () => {
    const order = await newOrder(rui);
    let res = await pay(rui, order.id, card('4242424242424241'));
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).errors['card.number']).toBeTruthy();
    res = await pay(rui, order.id, {
      method: 'card',
      card: { number: '4242424242424242', expiry: '01/2020', name: 'R' },
    });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).errors['card.expiry']).toBeTruthy();
    res = await pay(rui, order.id, { method: 'mbway', mbway: { country_code: '351', mobile: '12' } });
    expect(res.statusCode).toBe(400);
    res = await pay(rui, order.id, { method: 'bitcoin' });
    expect(res.statusCode).toBe(400);
    // another customer's order is not found
    expect((await pay(ana, order.id, { method: 'google_pay' })).statusCode).toBe(404);
  });

  it('3-D Secure: requires_action with a /payment/redirects URL, then completes', async () => {
    const order = await newOrder(rui);
    const res = await pay(rui, order.id, card('4000000000003220'));
    const p = res.json().data.payment;
    expect(p.status).toBe('requires_action');
    expect(p.redirect_url).toContain('/payment/redirects?provider=sandbox&payment=');
    expect(
      (
        await injectAs(t.app, ana, {
          method: 'POST',
          url: `/api/payments/${p.reference}/complete`,
          payload: { outcome: 'approve' },
        })
      ).statusCode,
    ).toBe(404);
    const done = await injectAs(t.app, rui, {
      method: 'POST',
      url: `/api/payments/${p.reference}/complete`,
      payload: { outcome: 'approve' },
    });
    expect(done.json().data).toMatchObject({ order_status: 'paid', payment: { status: 'approved' } });
  });

  it('MB WAY stays pending with a 4-minute window until the app answers; idempotent by key', async () => {
    const order = await newOrder(rui);
    const body = { method: 'mbway', mbway: { country_code: '351', mobile: '913 456 789' } };
    const res = await pay(rui, order.id, body, 'mb-1');
    const p = res.json().data.payment;
    expect(p.status).toBe('pending');
    expect(new Date(p.expires_at).getTime() - Date.now()).toBeGreaterThan(3.5 * 60_000);
    expect((await pay(rui, order.id, body, 'mb-1')).json().data.payment.id).toBe(p.id);
    const polled = await injectAs(t.app, rui, { url: `/api/payments/${p.reference}` });
    expect(polled.json().data.payment.status).toBe('pending');
    const dev = await t.app.inject({ method: 'POST', url: `/api/dev/payments/${p.reference}/approve` });
    expect(dev.statusCode).toBe(200);
    expect(
      (await injectAs(t.app, rui, { url: `/api/payments/${p.reference}` })).json().data.order_status,
    ).toBe('paid');
  });

  it('replay: the same confirmation 100 times, 20 in parallel → one set of tickets, one email, one wallet credit', async () => {
    const res = await injectAs(t.app, ana, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        event_id: festivalId,
        include_cart: false,
        items: [{ ticket_id: await firstType(festivalId), qty: 2 }],
        topup_cents: 1500,
      },
    });
    const order = res.json().data;
    const p = (
      await pay(ana, order.id, { method: 'mbway', mbway: { country_code: '351', mobile: '912345678' } })
    ).json().data.payment;
    const paymentId = p.id as number;
    const outcomes: string[] = [];
    for (let round = 0; round < 5; round++) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, () =>
          fulfilPayment(
            t.database.db,
            { provider: 'sandbox', eventRef: `sandbox:${p.reference}:approved`, paymentId, type: 'approved' },
            new Date(),
            { publicUrl: 'http://x' },
          ),
        ),
      );
      outcomes.push(...batch);
    }
    expect(outcomes.filter((o) => o === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(99);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM customer_tickets WHERE order_id = ${order.id}`),
    ).toBe(2);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM outbox WHERE meta->>'order_id' = ${String(order.id)}`),
    ).toBe(1);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM wallet_transactions WHERE idempotency_key LIKE ${`order:${order.id}:%`}`,
      ),
    ).toBe(1);
  });
});

describe('Stripe webhook', () => {
  const stripe = new Stripe('sk_test_dummy');
  const signed = (payload: string) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const event = (id: string, type: string, intentId: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: 1,
      data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded' } },
    });

  it('refuses a bad signature and a missing one without touching anything', async () => {
    const payload = event('evt_bad', 'payment_intent.succeeded', 'pi_x');
    let res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).code).toBe('webhook_invalid');
  });

  it('a signed payment_intent.succeeded delivered 100 times (20 in parallel) fulfils once', async () => {
    const order = await newOrder(rui, 1);
    const p = (
      await pay(rui, order.id, { method: 'mbway', mbway: { country_code: '351', mobile: '913456789' } })
    ).json().data.payment;
    // the attempt as if Stripe had created it
    await t.database.db.execute(
      sql`UPDATE payments SET provider = 'stripe', provider_ref = 'pi_fixture_1' WHERE id = ${p.id}`,
    );
    const payload = event('evt_fixture_1', 'payment_intent.succeeded', 'pi_fixture_1');
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/payments/stripe/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': signed(payload) },
            payload,
          }),
        ),
      );
      statuses.push(...batch.map((r) => r.statusCode));
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM customer_tickets WHERE order_id = ${order.id}`),
    ).toBe(1);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM outbox WHERE meta->>'order_id' = ${String(order.id)}`),
    ).toBe(1);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM payment_events WHERE event_ref = 'evt_fixture_1'`),
    ).toBe(1);
    expect((await injectAs(t.app, rui, { url: `/api/orders/${order.id}` })).json().data.status).toBe('paid');
  });
});

async function firstType(eventId: number) {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM ticket_types WHERE event_id = ${eventId} ORDER BY sort_order, id LIMIT 1`,
  );
  return rows[0]!.id;
}
