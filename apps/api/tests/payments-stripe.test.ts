import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/client';
import { fulfilPayment } from '../src/modules/payments/fulfilment.service';
import { refundDuePayments } from '../src/modules/payments/payment-refunds.service';
import { stripeProvider } from '../src/modules/payments/stripe-provider';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

/**
 * Stripe configured (secret + publishable key): api.stripe.com is played by a stubbed
 * `fetch` (the machine cannot reach Stripe), so these tests check what we send and how we
 * use what Stripe answers, not Stripe itself.
 */
const SECRET = 'sk_test_bilheteira_fixture';
const PUBLISHABLE = 'pk_test_bilheteira_fixture';

interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: Headers;
}

let t: TestApp;
/** the same app without Stripe (no seed: only config and headers are read) */
let sandbox: TestApp;
let rui: string;
let teatro: { id: number; ticket_types: { id: number }[]; sessions: { id: number }[] };
const calls: StripeCall[] = [];
let intentStatus = 'requires_payment_method';
let intentSeq = 0;
const realFetch = globalThis.fetch;

function intent(id: string, amount: number) {
  return {
    id,
    object: 'payment_intent',
    amount,
    currency: 'eur',
    status: intentStatus,
    client_secret: `${id}_secret_fixture`,
    livemode: false,
  };
}

const fakeStripe = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  if (url.host !== 'api.stripe.com') return realFetch(input, init);
  const body = typeof init?.body === 'string' ? init.body : '';
  const call = {
    method: init?.method ?? 'GET',
    path: url.pathname,
    form: new URLSearchParams(body),
    headers: new Headers(init?.headers),
  };
  calls.push(call);
  const json = (status: number, value: unknown) =>
    new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
  if (call.method === 'POST' && call.path === '/v1/payment_intents')
    return json(200, intent(`pi_fixture_${++intentSeq}`, Number(call.form.get('amount'))));
  if (call.method === 'POST' && call.path === '/v1/refunds')
    return json(200, {
      id: `re_fixture_${call.form.get('payment_intent')}`,
      object: 'refund',
      amount: Number(call.form.get('amount')),
      payment_intent: call.form.get('payment_intent'),
      status: 'succeeded',
    });
  const m = /^\/v1\/payment_intents\/(pi_[\w]+)$/.exec(call.path);
  if (call.method === 'GET' && m) return json(200, intent(m[1]!, 0));
  return json(404, { error: { type: 'invalid_request_error', message: 'no such fixture' } });
});

async function newOrder(token: string) {
  const res = await injectAs(t.app, token, {
    method: 'POST',
    url: '/api/orders',
    payload: {
      event_id: teatro.id,
      items: [{ ticket_id: teatro.ticket_types[0]!.id, session_id: teatro.sessions[3]!.id, qty: 1 }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; total_cents: number };
}

const pay = (orderId: number, body: Record<string, unknown>) =>
  injectAs(t.app, rui, {
    method: 'POST',
    url: `/api/orders/${orderId}/pay`,
    headers: { 'x-locale': 'en' },
    payload: body,
  });

beforeAll(async () => {
  vi.stubGlobal('fetch', fakeStripe);
  t = await createTestApp({
    config: {
      STRIPE_SECRET_KEY: SECRET,
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE,
      STRIPE_WEBHOOK_SECRET: 'whsec_fixture',
      MAX_EVENT_LOOP_DELAY_MS: 60_000,
    },
  });
  sandbox = await createTestApp({ seed: false });
  rui = await login(t.app, DEMO.rui);
  teatro = (await t.app.inject({ url: '/api/events/teatro-demo' })).json().data;
}, 180_000); // two apps (one seeded) on a shared 2-core machine
afterAll(async () => {
  vi.unstubAllGlobals();
  await Promise.all([t?.close(), sandbox?.close()]);
});
afterEach(async () => {
  calls.length = 0;
  intentStatus = 'requires_payment_method';
  // each test starts without an attempt left open (a pending order with one blocks a new order)
  await t.database.db.execute(
    sql`UPDATE payments SET status = 'expired' WHERE status IN ('pending', 'requires_action')`,
  );
});

describe('payments config', () => {
  it('with Stripe: provider stripe and the publishable key, never the secret', async () => {
    const res = await t.app.inject({ url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { provider: 'stripe', publishable_key: PUBLISHABLE } });
    expect(res.body).not.toContain(SECRET);
  });

  it('without Stripe: the sandbox and no key', async () => {
    const res = await sandbox.app.inject({ url: '/api/payments/config' });
    expect(res.json()).toEqual({ data: { provider: 'sandbox', publishable_key: null } });
  });
});

describe('CSP', () => {
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';

  it('allows Stripe (script, frames, API) only when Stripe is configured', async () => {
    const csp = String(
      (await t.app.inject({ url: '/api/payments/config' })).headers['content-security-policy'],
    );
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://js.stripe.com");
    expect(directive(csp, 'frame-src')).toBe(
      "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
    );
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com");

    const strict = String(
      (await sandbox.app.inject({ url: '/api/payments/config' })).headers['content-security-policy'],
    );
    expect(strict).not.toContain('stripe.com');
    expect(directive(strict, 'script-src')).toBe("script-src 'self'");
    expect(directive(strict, 'frame-src')).toBe("frame-src 'self'");
    expect(directive(strict, 'connect-src')).toBe("connect-src 'self'");
    expect(strict).not.toContain('unsafe-eval');
  });
});

describe('pay with Stripe', () => {
  it('card: a PaymentIntent for the order total, answered with its client_secret', async () => {
    const order = await newOrder(rui);
    const res = await pay(order.id, { method: 'card' });
    expect(res.statusCode, res.body).toBe(200);
    const { payment, order: o } = res.json().data;
    expect(payment).toMatchObject({
      provider: 'stripe',
      method: 'card',
      status: 'pending',
      amount_cents: order.total_cents,
    });
    expect(payment.reference).toMatch(/^pi_fixture_/);
    expect(payment.client_secret).toBe(`${payment.reference}_secret_fixture`);
    expect(o.status).toBe('pending');

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.headers.get('authorization')).toBe(`Bearer ${SECRET}`);
    expect(call!.headers.get('idempotency-key')).toMatch(/^payment:\d+$/);
    expect(call!.form.get('amount')).toBe(String(order.total_cents));
    expect(call!.form.get('currency')).toBe('eur');
    expect(call!.form.get('automatic_payment_methods[enabled]')).toBe('true');
    expect(call!.form.get('metadata[order_id]')).toBe(String(order.id));
  });

  it('refuses card numbers: they belong in Stripe’s own fields', async () => {
    const order = await newOrder(rui);
    const res = await pay(order.id, {
      method: 'card',
      card: { number: '4242424242424242', expiry: '12/2099', name: 'Rui Costa' },
    });
    expect(res.statusCode).toBe(422);
    expect(expectErrorShape(res).code).toBe('card_fields_not_accepted');
    expect(calls).toHaveLength(0);
  });

  it('MB WAY is confirmed through Stripe with the phone', async () => {
    const order = await newOrder(rui);
    const res = await pay(order.id, { method: 'mbway', mbway: { country_code: '351', mobile: '913456789' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment).toMatchObject({ provider: 'stripe', method: 'mbway', status: 'pending' });
    const form = calls[0]!.form;
    expect(form.get('payment_method_types[0]')).toBe('mb_way');
    expect(form.get('payment_method_data[type]')).toBe('mb_way');
    expect(form.get('payment_method_data[billing_details][phone]')).toBe('+351913456789');
    expect(form.get('confirm')).toBe('true');
  });

  it('back on /payment/redirects: a succeeded intent pays the order once', async () => {
    const order = await newOrder(rui);
    const { payment } = (await pay(order.id, { method: 'google_pay' })).json().data;
    intentStatus = 'succeeded';
    const back = () =>
      injectAs(t.app, rui, { method: 'POST', url: `/api/payments/${payment.reference}/return` });
    const first = await back();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ order_id: order.id, order_status: 'paid' });
    expect((await back()).json().data.order_status).toBe('paid');
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
    const detail = (await injectAs(t.app, rui, { url: `/api/orders/${order.id}` })).json().data;
    expect(detail.ticket_ids).toHaveLength(1);
  });
});

describe('refunds with Stripe', () => {
  it('a second approval of a paid order is refunded through Stripe once, with the refund id recorded', async () => {
    const order = await newOrder(rui);
    const first = (await pay(order.id, { method: 'card' })).json().data.payment;
    const second = (await pay(order.id, { method: 'google_pay' })).json().data.payment;
    expect(second.id).not.toBe(first.id);
    const db = t.database.db;
    const confirm = (paymentId: number, ref: string) =>
      fulfilPayment(db, { provider: 'stripe', eventRef: ref, paymentId, type: 'approved' }, new Date(), {
        publicUrl: 'http://x',
      });
    expect(await confirm(second.id, 'evt_refund_fixture_1')).toBe('fulfilled');
    // the replaced card intent is confirmed in the browser after all: money to give back
    expect(await confirm(first.id, 'evt_refund_fixture_2')).toBe('refund_pending');

    calls.length = 0;
    const ctx = { db, provider: stripeProvider(SECRET) };
    expect(await refundDuePayments(ctx, new Date())).toBe(1);
    expect(await refundDuePayments(ctx, new Date())).toBe(0);
    const refunds = calls.filter((c) => c.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form.get('payment_intent')).toBe(first.reference);
    expect(refunds[0]!.form.get('amount')).toBe(String(order.total_cents));
    expect(refunds[0]!.headers.get('idempotency-key')).toBe(`refund:payment:${first.id}`);
    const [row] = await queryRows<{ status: string; refund_ref: string }>(
      db,
      sql`SELECT status, refund_ref FROM payments WHERE id = ${first.id}`,
    );
    expect(row).toEqual({ status: 'refunded', refund_ref: `re_fixture_${first.reference}` });
  });
});
