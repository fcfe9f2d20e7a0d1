/**
 * Tickets organisers actually sell (issue 26 item 4): price steps by date and by quantity,
 * promo codes (percentage, amount, types, validity, limits) redeemed in the order write under
 * concurrency and given back on expiry, hidden types unlocked by an access code, and the
 * back office's tenancy (another organiser's event or code answers 404).
 */
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { customers, organizers } from '../src/db/schema/index';
import { createSession } from '../src/modules/identity/session.service';
import { expireOrders } from '../src/modules/orders/order-expiry.service';
import { DEMO_STAFF } from '../src/seed/staff.seed';
import { createTestApp, expectErrorShape, type TestApp } from './helpers';
import { moneyInvariantViolations, stockBaseline, type StockBaseline } from './money-invariants';

let t: TestApp;
let staff: { cookie: string; csrf: string };
let orgId: number;
let eventId: number;
let baseline: StockBaseline;
const HOUR = 3600_000;

async function signInOwner() {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login',
    payload: { email: DEMO_STAFF.owner.email, password: DEMO_STAFF.owner.password },
  });
  const cookie = login.cookies.find((c) => c.name === 'bh_staff')!.value;
  const csrf = login.json().data.csrf_token as string;
  const code = await generate({ secret: DEMO_STAFF.owner.totpSecret, epoch: Math.floor(Date.now() / 1000) });
  const ok = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/second-factor',
    cookies: { bh_staff: cookie },
    headers: { 'x-csrf-token': csrf },
    payload: { code },
  });
  expect(ok.statusCode, ok.body).toBe(200);
  return { cookie, csrf };
}

const admin = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
  event = eventId,
) =>
  t.app.inject({
    method,
    url: `/api/backoffice/organizers/${orgId}/events/${event}${path}`,
    cookies: { bh_staff: staff.cookie },
    headers: { 'x-csrf-token': staff.csrf, 'x-locale': 'en' },
    ...(payload ? { payload } : {}),
  });

/** A new ticket type of the concert (its own stock, so tests do not share counters). */
async function newType(priceCents: number, quantity = 500, hidden = false): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO ticket_types (event_id, name, price_cents, quantity, max_per_order, hidden)
        VALUES (${eventId}, ${'Tipo ' + priceCents + '-' + Math.random().toString(36).slice(2, 6)},
          ${priceCents}, ${quantity}, 10, ${hidden}) RETURNING id`,
  );
  return row!.id;
}

/** `n` new customers with live sessions (argon2 logins would dominate a race). */
async function buyers(n: number): Promise<{ id: number; token: string }[]> {
  const people = await t.database.db
    .insert(customers)
    .values(
      Array.from({ length: n }, (_, i) => ({ firstName: 'Buyer', lastName: String(i), status: 'active' })),
    )
    .returning({ id: customers.id });
  return Promise.all(
    people.map(async (p) => ({ id: p.id, token: await createSession(t.database.db, p.id, new Date()) })),
  );
}

const order = (token: string, body: object, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { authorization: `Bearer ${token}`, 'x-locale': locale },
    payload: { event_id: eventId, ...body },
  });

const pay = (token: string, id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/pay`,
    headers: { authorization: `Bearer ${token}` },
    payload: { method: 'card', card: { number: '4242424242424242', expiry: '12/2099', name: 'Buyer' } },
  });

const usedOf = async (table: 'promo_codes' | 'access_codes', id: number) =>
  (
    await queryRows<{ used: number }>(t.database.db, sql`SELECT used FROM ${sql.raw(table)} WHERE id = ${id}`)
  )[0]!.used;

async function promo(body: object): Promise<{ id: number; code: string }> {
  const res = await admin('POST', '/promo-codes', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

beforeAll(async () => {
  // every buyer of this file orders from one address: the per-address order limit is another test's
  t = await createTestApp({ config: { ORDER_RATE_PER_IP_PER_MINUTE: 0 } });
  staff = await signInOwner();
  orgId = (await t.database.db.select().from(organizers)).find((o) => o.slug === 'promotora-demo')!.id;
  const ev = await t.app.inject({ method: 'GET', url: '/api/events/concerto-demo' });
  eventId = ev.json().data.id;
  baseline = await stockBaseline(t.database.db);
}, 60_000);
afterAll(() => t.close());

describe('price steps', () => {
  it('charges the step in force by date, and the event page shows the schedule', async () => {
    const type = await newType(5000);
    const now = Date.now();
    const put = await admin('PUT', `/ticket-types/${type}/price-steps`, {
      steps: [
        { label: 'Early bird', price_cents: 3000, ends_at: new Date(now - HOUR).toISOString() },
        { label: 'Regular', price_cents: 4000, ends_at: new Date(now + 24 * HOUR).toISOString() },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const [b] = await buyers(1);
    const res = await order(b!.token, { items: [{ ticket_id: type, qty: 2 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.lines[0]).toMatchObject({ unit_cents: 4000, discount_cents: 0 });
    expect(res.json().data.subtotal_cents).toBe(8000);

    const page = await t.app.inject({ method: 'GET', url: '/api/events/concerto-demo' });
    const shown = page.json().data.ticket_types.find((x: { id: number }) => x.id === type);
    expect(shown.price_cents).toBe(4000);
    expect(shown.price_schedule).toMatchObject({
      label: 'Regular',
      next: { label: null, price_cents: 5000 },
      steps: [
        { label: 'Early bird', over: true, current: false },
        { label: 'Regular', over: false, current: true },
      ],
    });
  });

  it('refuses a step that never ends, and steps out of order', async () => {
    const type = await newType(5000);
    const res = await admin('PUT', `/ticket-types/${type}/price-steps`, {
      steps: [{ label: 'Forever', price_cents: 100 }],
    });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).errors['steps.0.ends_at']).toBeDefined();
  });

  it('switches after a number of places, exactly, under concurrency', async () => {
    const type = await newType(5000);
    await admin('PUT', `/ticket-types/${type}/price-steps`, {
      steps: [{ label: 'Early bird', price_cents: 2000, ends_after_sold: 3 }],
    });
    const people = await buyers(8);
    const answers = await Promise.all(
      people.map((p) => order(p.token, { items: [{ ticket_id: type, qty: 1 }] })),
    );
    const created = answers.filter((r) => r.statusCode === 201).map((r) => r.json().data.lines[0].unit_cents);
    expect(created.filter((c) => c === 2000)).toHaveLength(3);
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(expectErrorShape(r).code).toBe('price_changed');
    }
    const [late] = await buyers(1);
    const res = await order(late!.token, { items: [{ ticket_id: type, qty: 1 }] });
    expect(res.json().data.lines[0].unit_cents).toBe(5000);
  });
});

describe('promo codes', () => {
  it('takes a percentage or an amount off each ticket, service cost on what is paid', async () => {
    const type = await newType(3000);
    await promo({ code: 'dez por cento', kind: 'percent', value: 1000 });
    await promo({ code: 'MENOS50', kind: 'amount', value: 5000 });
    const [a, b] = await buyers(2);
    const pct = await order(a!.token, { items: [{ ticket_id: type, qty: 2 }], promo_code: 'dezporcento' });
    expect(pct.statusCode, pct.body).toBe(201);
    const d = pct.json().data;
    expect(d).toMatchObject({ subtotal_cents: 5400, discount_cents: 600, promo_code: 'DEZPORCENTO' });
    expect(d.lines[0]).toMatchObject({ unit_cents: 2700, discount_cents: 300 });
    // 4 % + VAT per ticket on 27,00 €: 108 + 25 = 133 each
    expect(d.service_cents).toBe(266);
    expect(d.total_cents).toBe(d.subtotal_cents + d.service_cents);
    // an amount larger than the price makes the ticket free, never negative
    const amt = await order(b!.token, { items: [{ ticket_id: type, qty: 1 }], promo_code: 'MENOS50' });
    expect(amt.json().data).toMatchObject({
      subtotal_cents: 0,
      discount_cents: 3000,
      service_cents: 0,
      total_cents: 0,
    });
  });

  it('answers the same discount before the order (quote) and refuses codes with their reason', async () => {
    const type = await newType(2000);
    const other = await newType(1000);
    await promo({ code: 'SO-OUTRO', kind: 'percent', value: 5000, ticket_type_ids: [other] });
    await promo({
      code: 'JA-ACABOU',
      kind: 'percent',
      value: 5000,
      valid_until: new Date(Date.now() - HOUR).toISOString(),
    });
    await promo({
      code: 'AINDA-NAO',
      kind: 'percent',
      value: 5000,
      valid_from: new Date(Date.now() + HOUR).toISOString(),
    });
    const [c] = await buyers(1);
    const refused = async (code: string, status: number, expected: string, locale = 'en') => {
      const res = await order(c!.token, { items: [{ ticket_id: type, qty: 1 }], promo_code: code }, locale);
      expect(res.statusCode, res.body).toBe(status);
      return expectErrorShape(res);
    };
    expect((await refused('SO-OUTRO', 422, 'code_not_applicable')).code).toBe('code_not_applicable');
    expect((await refused('JA-ACABOU', 422, 'code_expired')).message).toBe(
      'The code “JA-ACABOU” has expired.',
    );
    expect((await refused('AINDA-NAO', 422, 'code_not_yet', 'pt-pt')).message).toBe(
      'O código «AINDA-NAO» ainda não está válido.',
    );
    expect((await refused('NAO-EXISTE', 422, 'code_unknown', 'es')).code).toBe('code_unknown');
    // the restricted code applies to its own type, quoted on the cart exactly as ordered
    const auth = { authorization: `Bearer ${c!.token}`, 'x-locale': 'pt-pt' };
    await t.app.inject({
      method: 'POST',
      url: '/api/carts/add-item',
      headers: auth,
      payload: { event_id: eventId, ticket_id: other, amount: 2 },
    });
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/orders/promo-quote',
      headers: auth,
      payload: { event_id: eventId, code: 'so-outro' },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      data: { code: 'SO-OUTRO', gross_cents: 2000, discount_cents: 1000, subtotal_cents: 1000 },
      message: 'Código «SO-OUTRO» aplicado: −10,00\u00a0€.',
    });
    const ok = await order(c!.token, { promo_code: 'SO-OUTRO' });
    expect(ok.json().data).toMatchObject({
      discount_cents: 1000,
      subtotal_cents: 1000,
      service_cents: quote.json().data.service_cents,
      total_cents: quote.json().data.total_cents,
    });
  });

  it('limits a customer to per_customer_limit orders with the code', async () => {
    const type = await newType(2000);
    const code = await promo({ code: 'UMA-VEZ', kind: 'amount', value: 500, per_customer_limit: 1 });
    const [c] = await buyers(1);
    const first = await order(c!.token, { items: [{ ticket_id: type, qty: 1 }], promo_code: 'UMA-VEZ' });
    expect(first.statusCode).toBe(201);
    // a new order replaces the pending one: its use comes back, so this is still the first
    const again = await order(c!.token, { items: [{ ticket_id: type, qty: 2 }], promo_code: 'UMA-VEZ' });
    expect(again.statusCode, again.body).toBe(201);
    expect(await usedOf('promo_codes', code.id)).toBe(1);
    const paid = await pay(c!.token, again.json().data.id);
    expect(paid.json().data.order.status).toBe('paid');
    const third = await order(c!.token, { items: [{ ticket_id: type, qty: 1 }], promo_code: 'UMA-VEZ' });
    expect(third.statusCode).toBe(422);
    expect(expectErrorShape(third).code).toBe('code_customer_limit');
  });

  it('gives exactly max_uses orders the discount under 100 parallel checkouts, and expiry gives the uses back', async () => {
    const type = await newType(1000, 1000);
    const code = await promo({ code: 'DEZ-USOS', kind: 'percent', value: 2000, max_uses: 10 });
    const people = await buyers(100);
    const answers = await Promise.all(
      people.map((p) => order(p.token, { items: [{ ticket_id: type, qty: 1 }], promo_code: 'DEZ-USOS' })),
    );
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(10);
    expect(created.every((r) => r.json().data.discount_cents === 200)).toBe(true);
    for (const r of answers.filter((x) => x.statusCode !== 201))
      expect(expectErrorShape(r).code).toBe('code_used_up');
    expect(await usedOf('promo_codes', code.id)).toBe(10);
    const [counted] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE promo_code_id = ${code.id} AND status = 'pending'`,
    );
    expect(counted!.n).toBe(10);

    await t.database.db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 hour', created_at = now() - interval '2 hours'
          WHERE promo_code_id = ${code.id}`,
    );
    await expireOrders(t.database.db, new Date(), 15 * 60_000, 500);
    expect(await usedOf('promo_codes', code.id)).toBe(0);
    const [late] = await buyers(1);
    const again = await order(late!.token, { items: [{ ticket_id: type, qty: 1 }], promo_code: 'DEZ-USOS' });
    expect(again.statusCode).toBe(201);
  }, 60_000);
});

describe('access codes', () => {
  it('keeps a hidden type invisible and unsellable until its code', async () => {
    const hidden = await newType(1500, 50, true);
    const page = await t.app.inject({ method: 'GET', url: '/api/events/concerto-demo' });
    expect(page.json().data.ticket_types.map((x: { id: number }) => x.id)).not.toContain(hidden);
    const res = await admin('POST', '/access-codes', {
      code: 'CONVIDADOS',
      ticket_type_ids: [hidden],
      max_uses: 5,
    });
    expect(res.statusCode, res.body).toBe(201);
    const accessId = res.json().data.id as number;

    const [c] = await buyers(1);
    const auth = { authorization: `Bearer ${c!.token}` };
    const add = (code?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/carts/add-item',
        headers: auth,
        payload: { event_id: eventId, ticket_id: hidden, amount: 2, ...(code ? { access_code: code } : {}) },
      });
    expect((await add()).statusCode).toBe(404);
    expect((await add('OUTRO')).statusCode).toBe(422);
    expect((await add('convidados')).statusCode).toBe(200);

    const unlock = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/access-code`,
      payload: { code: 'CONVIDADOS' },
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect(unlock.json().data.ticket_types.map((x: { id: number }) => x.id)).toEqual([hidden]);

    const without = await order(c!.token, {});
    expect(without.statusCode).toBe(422);
    expect(expectErrorShape(without).code).toBe('access_code_required');
    const ok = await order(c!.token, { access_code: 'CONVIDADOS' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await usedOf('access_codes', accessId)).toBe(1);
  });
});

describe("the service cost's VAT rate", () => {
  it("charges the event's rate in the cart, the order and the public prices; an order keeps its amount", async () => {
    const events = `/api/backoffice/organizers/${orgId}/events`;
    const office = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({
        method,
        url,
        cookies: { bh_staff: staff.cookie },
        headers: { 'x-csrf-token': staff.csrf },
        payload,
      });
    const created = await office('POST', events, {
      name: 'Teatro com IVA reduzido',
      address: 'Rua do Teatro 1, Porto',
      contact_email: 'teatro@promotora-demo.pt',
      starts_at: new Date(Date.now() + 30 * 24 * HOUR).toISOString(),
      ends_at: new Date(Date.now() + 30 * 24 * HOUR + 3 * HOUR).toISOString(),
      service_fee_bp: 400,
      service_fee_vat_percent: 6,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id: event, slug } = created.json().data as { id: number; slug: string };
    const type = await office('POST', `${events}/${event}/ticket-types`, {
      name: 'Plateia',
      price_cents: 2700,
      quantity: 50,
      max_per_order: 4,
    });
    expect(type.statusCode, type.body).toBe(201);
    const ticket = type.json().data.id as number;
    const published = await office('POST', `${events}/${event}/publish`, { visibility: 'public' });
    expect(published.statusCode, published.body).toBe(200);

    // what the site prices all-in with: the list item and the event page
    const fee = { service_fee_bp: 400, service_fee_vat_percent: 6 };
    const list = (await t.app.inject('/api/events?per_page=100')).json().data as { slug: string }[];
    expect(list.find((e) => e.slug === slug)).toMatchObject({ min_price_cents: 2700, ...fee });
    expect((await t.app.inject(`/api/events/${slug}`)).json().data).toMatchObject(fee);

    // 4 % of 27,00 € = 1,08 € + 6 % VAT on it (0,0648 → 0,06): 1,14 € a ticket, not 23 %'s 1,33 €
    const [b] = await buyers(1);
    const auth = { authorization: `Bearer ${b!.token}` };
    const addTwo = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/carts/add-item',
        headers: auth,
        payload: { event_id: event, ticket_id: ticket, amount: 2 },
      });
    const cart = await addTwo();
    expect(cart.statusCode, cart.body).toBe(200);
    const charged = { subtotal_cents: 5400, service_cents: 228, total_cents: 5628 };
    expect(cart.json().data).toMatchObject({ ...charged, service_fee_bp: 400 });
    const placed = await order(b!.token, { event_id: event });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({ ...charged, service_fee_bp: 400 });
    const orderId = placed.json().data.id as number;

    // the organiser changes the rate: new carts pay 23 %, the order keeps what it was quoted
    const edited = await office('PATCH', `${events}/${event}`, { service_fee_vat_percent: 23 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await t.app.inject(`/api/events/${slug}`)).json().data.service_fee_vat_percent).toBe(23);
    expect((await addTwo()).json().data).toMatchObject({ service_cents: 266, total_cents: 5666 });
    const kept = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: auth });
    // its percentage is no longer named: the event's fee no longer gives its amount
    expect(kept.json().data).toMatchObject({ ...charged, service_fee_bp: null });
    const paid = await pay(b!.token, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.order).toMatchObject({ status: 'paid', ...charged });
  });
});

describe('back office tenancy', () => {
  it("answers 404 for another organiser's event and code", async () => {
    const [other] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO organizers (slug, name, email) VALUES ('outra-promotora', 'Outra', 'o@outra.pt') RETURNING id`,
    );
    const [ev] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO events (organizer_id, slug, name, address, starts_at, ends_at, contact_email)
          VALUES (${other!.id}, 'evento-outra', 'Outro', 'Rua', now() + interval '10 days',
            now() + interval '11 days', 'o@outra.pt') RETURNING id`,
    );
    const [code] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO promo_codes (organizer_id, event_id, code, kind, value)
          VALUES (${other!.id}, ${ev!.id}, 'ALHEIO', 'percent', 1000) RETURNING id`,
    );
    expect((await admin('GET', '/promo-codes', undefined, ev!.id)).statusCode).toBe(404);
    expect(
      (await admin('POST', '/promo-codes', { code: 'X-123', kind: 'amount', value: 1 }, ev!.id)).statusCode,
    ).toBe(404);
    expect((await admin('PATCH', `/promo-codes/${code!.id}`, { value: 5 })).statusCode).toBe(404);
    expect((await admin('DELETE', `/promo-codes/${code!.id}`)).statusCode).toBe(404);
    const viaOther = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/organizers/${other!.id}/events/${ev!.id}/promo-codes`,
      cookies: { bh_staff: staff.cookie },
    });
    expect(viaOther.statusCode).toBe(404);
    // nor can a buyer use it on this organiser's event
    const [c] = await buyers(1);
    const type = await newType(1000);
    const res = await order(c!.token, { items: [{ ticket_id: type, qty: 1 }], promo_code: 'ALHEIO' });
    expect(expectErrorShape(res).code).toBe('code_unknown');
  });

  it('refuses a type of another event and a duplicate code', async () => {
    const dup = await admin('POST', '/promo-codes', { code: 'DEZ-USOS', kind: 'percent', value: 10 });
    expect(dup.statusCode).toBe(409);
    const foreign = await admin('POST', '/promo-codes', {
      code: 'ESTRANHO',
      kind: 'percent',
      value: 10,
      ticket_type_ids: [999999],
    });
    expect(foreign.statusCode).toBe(422);
    const neg = await admin('POST', '/promo-codes', { code: 'NEGATIVO', kind: 'amount', value: -100 });
    expect(neg.statusCode).toBe(400);
    const over = await admin('POST', '/promo-codes', { code: 'MUITO', kind: 'percent', value: 10_001 });
    expect(over.statusCode).toBe(400);
  });
});

describe('invariants', () => {
  it('leaves stock, money and code uses consistent after everything above', async () => {
    expect(await moneyInvariantViolations(t.database.db, baseline)).toEqual([]);
  });
});
