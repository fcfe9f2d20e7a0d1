import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { customers } from '../src/db/schema/index';
import { createSession } from '../src/modules/identity/session.service';
import { expireOrders } from '../src/modules/orders/order-expiry.service';
import { orderHoldMs } from '../src/modules/orders/order-hold';
import { createTestApp, expectErrorShape, injectAs, type TestApp } from './helpers';

/**
 * One account cannot hold a whole event (issue 23, item 4): min/max per order count every
 * line of a ticket type together, a customer holds one pending order per event (a new one
 * replaces it and gives its tickets back, also when two are created at once), order creation
 * is rate-limited per customer and per address, and payment attempts extend a hold only up
 * to its deadline.
 */
let t: TestApp;
type Type = { id: number; name: string; max_per_order: number; min_per_order: number; period_days: string[] };
let teatro: { id: number; ticket_types: Type[]; sessions: { id: number }[] };
let festival: { id: number; ticket_types: Type[] };

const count = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.database.db, q))[0]!.n;
const reservedOf = (typeId: number) =>
  count(sql`SELECT reserved AS n FROM ticket_types WHERE id = ${typeId}`);

/** A new customer with a live session (no argon2 login: this file makes many). */
async function newBuyer(): Promise<{ id: number; token: string }> {
  const [c] = await t.database.db
    .insert(customers)
    .values({ firstName: 'Buyer', lastName: 'Holds', status: 'active' })
    .returning({ id: customers.id });
  return { id: c!.id, token: await createSession(t.database.db, c!.id, new Date()) };
}

const order = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  injectAs(t.app, token, { method: 'POST', url: '/api/orders', headers, payload });

const dayTicket = () => festival.ticket_types.find((x) => x.period_days.length === 1)!;

beforeAll(async () => {
  // PGlite runs in this thread: its long statements would look like an overloaded event loop
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  teatro = (await t.app.inject({ url: '/api/events/teatro-demo' })).json().data;
  festival = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data;
});
afterAll(() => t.close());
// each test starts with fresh per-address counters (every inject comes from 127.0.0.1)
beforeEach(async () => {
  await t.database.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'order:%'`);
});

describe('per-order limits count every line of a type', () => {
  it('refuses 20 lines of 10 of a type whose maximum is 10, holding nothing', async () => {
    const buyer = await newBuyer();
    const type = dayTicket();
    expect(type.max_per_order).toBe(10);
    const before = await reservedOf(type.id);
    const res = await order(
      buyer.token,
      { event_id: festival.id, items: Array.from({ length: 20 }, () => ({ ticket_id: type.id, qty: 10 })) },
      { 'x-locale': 'en' },
    );
    expect(res.statusCode).toBe(422);
    expect(expectErrorShape(res).code).toBe('above_maximum');
    expect(await reservedOf(type.id)).toBe(before);
    expect(await count(sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${buyer.id}`)).toBe(0);
    // two lines that together stay within the maximum are fine
    const ok = await order(buyer.token, {
      event_id: festival.id,
      items: [
        { ticket_id: type.id, qty: 4 },
        { ticket_id: type.id, qty: 6 },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await reservedOf(type.id)).toBe(before + 10);
  });

  it('sums a type over its sessions, for the maximum and the minimum, in orders and carts', async () => {
    const buyer = await newBuyer();
    const [normal, student] = teatro.ticket_types;
    const [s1, s2] = teatro.sessions;
    const max = normal!.max_per_order;
    const over = await order(buyer.token, {
      event_id: teatro.id,
      items: [
        { ticket_id: normal!.id, session_id: s1!.id, qty: max },
        { ticket_id: normal!.id, session_id: s2!.id, qty: 1 },
      ],
    });
    expect(over.statusCode).toBe(422);
    expect(expectErrorShape(over).code).toBe('above_maximum');

    // the minimum is met by the lines together
    await t.database.db.execute(sql`UPDATE ticket_types SET min_per_order = 2 WHERE id = ${student!.id}`);
    try {
      const together = await order(buyer.token, {
        event_id: teatro.id,
        items: [
          { ticket_id: student!.id, session_id: s1!.id, qty: 1 },
          { ticket_id: student!.id, session_id: s2!.id, qty: 1 },
        ],
      });
      expect(together.statusCode, together.body).toBe(201);
    } finally {
      await t.database.db.execute(sql`UPDATE ticket_types SET min_per_order = 1 WHERE id = ${student!.id}`);
    }

    // the cart: a second session's line may not take the type past its maximum
    const add = (session_id: number, amount: number) =>
      injectAs(t.app, buyer.token, {
        method: 'POST',
        url: '/api/carts/add-item',
        payload: { event_id: teatro.id, ticket_id: normal!.id, session_id, amount },
      });
    expect((await add(s1!.id, max)).statusCode).toBe(200);
    const second = await add(s2!.id, 1);
    expect(second.statusCode).toBe(422);
    expect(expectErrorShape(second).code).toBe('above_maximum');
    // changing the same line is measured against the other lines only
    expect((await add(s1!.id, max - 1)).statusCode).toBe(200);
    expect((await add(s2!.id, 1)).statusCode).toBe(200);
  });
});

describe('one pending order per customer per event', () => {
  it('a new order cancels the pending one and gives its tickets back', async () => {
    const buyer = await newBuyer();
    const type = dayTicket();
    const before = await reservedOf(type.id);
    const first = await order(buyer.token, {
      event_id: festival.id,
      items: [{ ticket_id: type.id, qty: 5 }],
    });
    expect(first.statusCode).toBe(201);
    expect(await reservedOf(type.id)).toBe(before + 5);
    const second = await order(buyer.token, {
      event_id: festival.id,
      items: [{ ticket_id: type.id, qty: 2 }],
    });
    expect(second.statusCode).toBe(201);
    expect(await reservedOf(type.id)).toBe(before + 2);
    const old = (await injectAs(t.app, buyer.token, { url: `/api/orders/${first.json().data.id}` })).json()
      .data;
    expect(old).toMatchObject({ status: 'cancelled', payable: false });
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'order.replace' AND entity_id = ${String(first.json().data.id)}`,
      ),
    ).toBe(1);
    // another event's pending order is not touched
    const teatroOrder = await order(buyer.token, {
      event_id: teatro.id,
      items: [{ ticket_id: teatro.ticket_types[0]!.id, session_id: teatro.sessions[4]!.id, qty: 1 }],
    });
    expect(teatroOrder.statusCode).toBe(201);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${buyer.id} AND status = 'pending'`,
      ),
    ).toBe(2);
  });

  it('replacing an order with the same tickets works when no other place is left', async () => {
    const buyer = await newBuyer();
    const type = festival.ticket_types.filter((x) => x.period_days.length === 1)[1]!;
    const first = await order(buyer.token, {
      event_id: festival.id,
      items: [{ ticket_id: type.id, qty: 3 }],
    });
    expect(first.statusCode).toBe(201);
    // nothing left beyond what this customer holds
    await t.database.db.execute(
      sql`UPDATE ticket_types SET quantity = sold + reserved WHERE id = ${type.id}`,
    );
    const again = await order(buyer.token, {
      event_id: festival.id,
      items: [{ ticket_id: type.id, qty: 3 }],
    });
    expect(again.statusCode, again.body).toBe(201);
    const more = await order(buyer.token, { event_id: festival.id, items: [{ ticket_id: type.id, qty: 4 }] });
    expect(more.statusCode).toBe(409);
    expect(expectErrorShape(more).code).toBe('sold_out');
    // the refused order changed nothing: the second order still holds its 3
    expect(
      (await injectAs(t.app, buyer.token, { url: `/api/orders/${again.json().data.id}` })).json().data.status,
    ).toBe('pending');
  });

  it('an order with an MB WAY attempt open is replaced too; approving it later takes the late path', async () => {
    const buyer = await newBuyer();
    const type = festival.ticket_types.filter((x) => x.period_days.length === 1)[0]!;
    const stock = async () =>
      (
        await queryRows<{ reserved: number; sold: number }>(
          t.database.db,
          sql`SELECT reserved, sold FROM ticket_types WHERE id = ${type.id}`,
        )
      )[0]!;
    const before = await stock();
    const first = await order(buyer.token, {
      event_id: festival.id,
      items: [{ ticket_id: type.id, qty: 1 }],
    });
    const pay = await injectAs(t.app, buyer.token, {
      method: 'POST',
      url: `/api/orders/${first.json().data.id}/pay`,
      payload: { method: 'mbway', mbway: { country_code: '351', mobile: '913456789' } },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const second = await order(buyer.token, {
      event_id: festival.id,
      items: [{ ticket_id: type.id, qty: 2 }],
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(await stock()).toEqual({ reserved: before.reserved + 2, sold: before.sold });
    // the customer approves the first order's MB WAY after all: paid if places are left
    const reference = pay.json().data.payment.reference as string;
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/dev/payments/${reference}/approve` })).statusCode,
    ).toBe(200);
    const paid = (await injectAs(t.app, buyer.token, { url: `/api/orders/${first.json().data.id}` })).json()
      .data;
    expect(paid.status).toBe('paid');
    expect(await stock()).toEqual({ reserved: before.reserved + 2, sold: before.sold + 1 });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'concurrent orders of one customer for one event end with one pending order holding its tickets',
    async () => {
      const buyer = await newBuyer();
      const type = festival.ticket_types.filter((x) => x.period_days.length === 1)[2]!;
      const before = await reservedOf(type.id);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          order(
            buyer.token,
            { event_id: festival.id, items: [{ ticket_id: type.id, qty: 1 + (i % 3) }] },
            { 'idempotency-key': `race-${i}` },
          ),
        ),
      );
      for (const a of answers) expect([201, 409], a.body).toContain(a.statusCode);
      expect(answers.some((a) => a.statusCode === 201)).toBe(true);
      const pending = await queryRows<{ id: number }>(
        t.database.db,
        sql`SELECT id FROM orders WHERE customer_id = ${buyer.id} AND event_id = ${festival.id} AND status = 'pending'`,
      );
      expect(pending).toHaveLength(1);
      const held = await count(
        sql`SELECT sum(qty)::int AS n FROM order_lines WHERE order_id = ${pending[0]!.id}`,
      );
      expect(await reservedOf(type.id)).toBe(before + held);
    },
  );
});

describe('order creation is rate-limited', () => {
  it('per customer: the 11th order in a minute answers 429, localised, and holds nothing', async () => {
    const buyer = await newBuyer();
    const type = dayTicket();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await order(
        buyer.token,
        { event_id: festival.id, items: [{ ticket_id: type.id, qty: 1 }] },
        { 'x-locale': 'en' },
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(expectErrorShape(res).message).toMatch(/^Too many requests/);
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    expect(await count(sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${buyer.id}`)).toBe(10);
    const pt = await order(buyer.token, { event_id: festival.id, items: [{ ticket_id: type.id, qty: 1 }] });
    expect(expectErrorShape(pt).message).toMatch(/^Demasiados pedidos/);
  });

  it('per address: many customers from one address get 429 past 30 a minute', async () => {
    const type = dayTicket();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const buyer = await newBuyer();
      for (let j = 0; j < 7; j++) {
        const res = await order(buyer.token, {
          event_id: festival.id,
          items: [{ ticket_id: type.id, qty: 1 }],
        });
        statuses.push(res.statusCode);
      }
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(201));
    expect(statuses.slice(30)).toEqual(Array(5).fill(429));
  });
});

describe('payment attempts extend a hold only up to its deadline', () => {
  it('repeated declined MB WAY attempts never push expires_at past created + hold + one MB WAY window', async () => {
    const buyer = await newBuyer();
    const type = dayTicket();
    const res = await order(buyer.token, { event_id: festival.id, items: [{ ticket_id: type.id, qty: 2 }] });
    const id = res.json().data.id as number;
    // an order made 17 minutes ago, still held for one more minute
    const createdAt = new Date(Date.now() - 17 * 60_000);
    await t.database.db.execute(
      sql`UPDATE orders SET created_at = ${createdAt.toISOString()}, expires_at = ${new Date(Date.now() + 60_000).toISOString()} WHERE id = ${id}`,
    );
    // the hold (15 min) plus one MB WAY window (4 min) and its grace minute
    const deadline = createdAt.getTime() + (15 + 4 + 1) * 60_000;
    const expiresAt = async () =>
      new Date(
        (
          await queryRows<{ e: string }>(
            t.database.db,
            sql`SELECT expires_at::text AS e FROM orders WHERE id = ${id}`,
          )
        )[0]!.e,
      ).getTime();
    for (let i = 0; i < 3; i++) {
      const pay = await injectAs(t.app, buyer.token, {
        method: 'POST',
        url: `/api/orders/${id}/pay`,
        payload: { method: 'mbway', mbway: { country_code: '351', mobile: '912340000' } },
      });
      expect(pay.statusCode, pay.body).toBe(200);
      const attempt = pay.json().data.payment;
      expect(attempt.status).toBe('pending');
      expect(await expiresAt()).toBeLessThanOrEqual(deadline);
      if (i < 2) {
        const declined = await t.app.inject({
          method: 'POST',
          url: `/api/dev/payments/${attempt.reference}/decline`,
        });
        expect(declined.statusCode).toBe(200);
      }
    }
    // past the deadline the hold ends even though the last attempt is still open
    const held = await reservedOf(type.id);
    expect(
      await expireOrders(t.database.db, new Date(deadline + 1000), orderHoldMs(t.config)),
    ).toBeGreaterThanOrEqual(1);
    const after = (await injectAs(t.app, buyer.token, { url: `/api/orders/${id}` })).json().data;
    expect(after.status).toBe('cancelled');
    expect(await reservedOf(type.id)).toBe(held - 2);
  });
});
