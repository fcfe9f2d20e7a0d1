import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { customers } from '../src/db/schema/index';
import { expireOrders } from '../src/modules/orders/order-expiry.service';
import { orderHoldMs } from '../src/modules/orders/order-hold';
import { insertPendingOrder } from '../src/modules/orders/orders.repository';
import { stockShortageKind } from '../src/modules/orders/stock.repository';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

let t: TestApp;
let ana: string;
let rui: string;
let teatro: { id: number; ticket_types: { id: number; min_per_order: number }[]; sessions: { id: number }[] };
let festival: { id: number; ticket_types: { id: number; name: string; period_days: string[] }[] };

const stockOf = async (id: number) =>
  (
    await queryRows<{ reserved: number; sold: number; quantity: number }>(
      t.database.db,
      sql`SELECT reserved, sold, quantity FROM ticket_types WHERE id = ${id}`,
    )
  )[0]!;

/** Sets the festival's day capacities for the 3-day pass (reserved and sold back to 0); answers the pass. */
async function festivalDays(capacities: [number, number, number]) {
  const pass = festival.ticket_types.find((x) => x.period_days.length === 3)!;
  const [d1, d2, d3] = pass.period_days;
  const [c1, c2, c3] = capacities;
  await t.database.db.execute(sql`INSERT INTO event_day_stock (event_id, day, capacity) VALUES
    (${festival.id}, ${d1}, ${c1}), (${festival.id}, ${d2}, ${c2}), (${festival.id}, ${d3}, ${c3})
    ON CONFLICT (event_id, day) DO UPDATE SET capacity = EXCLUDED.capacity, reserved = 0, sold = 0`);
  return pass;
}

const festivalDaysReserved = async () =>
  (
    await queryRows<{ reserved: number }>(
      t.database.db,
      sql`SELECT reserved FROM event_day_stock WHERE event_id = ${festival.id} ORDER BY day`,
    )
  ).map((d) => d.reserved);

/**
 * A pending order of `qty` 3-day passes at 0.50 EUR, as the checkout statement takes it: Rui's,
 * or another customer's (a customer holds one pending order per event, so orders meant to
 * stand side by side need different customers).
 */
async function passOrder(
  pass: { id: number; period_days: string[] },
  qty: number,
  reference: string,
  customerId?: number,
) {
  const [customer] = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM customers WHERE mobile = '+351913456789'`,
  );
  return {
    buyer: { customerId: customerId ?? customer!.id, actor: 'test' },
    order: {
      reference,
      eventId: festival.id,
      subtotalCents: 50 * qty,
      serviceCents: 0,
      totalCents: 50 * qty,
      billing: {},
      receiptEmail: null,
      idempotencyKey: null,
      expiresAt: new Date(Date.now() + 60_000),
      createdAt: new Date(),
    },
    lines: [
      {
        kind: 'ticket' as const,
        ticketTypeId: pass.id,
        sessionId: null,
        qty,
        unitCents: 50,
        stockDays: pass.period_days,
      },
    ],
    claims: [{ ticketTypeId: pass.id, sessionId: null, qty, days: pass.period_days, groups: [] }],
    auditData: {},
    clearCartId: null,
  };
}

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  ana = await login(t.app, DEMO.ana);
  rui = await login(t.app, DEMO.rui);
  teatro = (await t.app.inject({ url: '/api/events/teatro-demo' })).json().data;
  festival = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data;
});
afterAll(() => t.close());

describe('orders', () => {
  it('refuses an empty checkout with the spec message', async () => {
    const res = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/orders',
      headers: { 'x-locale': 'en' },
      payload: { event_id: teatro.id },
    });
    expect(res.statusCode).toBe(422);
    expect(expectErrorShape(res).message).toBe('Add a ticket to the cart to proceed with checkout.');
  });

  it('creates a pending order from the cart, holds stock, clears the cart; idempotent by key', async () => {
    const type = teatro.ticket_types[0]!;
    await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/carts/add-item',
      payload: { ticket_id: type.id, session_id: teatro.sessions[0]!.id, event_id: teatro.id, amount: 2 },
    });
    const before = await stockOf(type.id);
    const payload = {
      event_id: teatro.id,
      billing: { name: 'Rui Costa', country: 'PT', document: '123456789', postal_code: '4000-123' },
    };
    const res = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': 'k-1' },
      payload,
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({ status: 'pending', quantity: 2, payable: true, subtotal_cents: 3000 });
    expect(order.total_cents).toBe(3000 + order.service_cents);
    expect((await stockOf(type.id)).reserved).toBe(before.reserved + 2);
    const again = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': 'k-1' },
      payload,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(order.id);
    expect((await stockOf(type.id)).reserved).toBe(before.reserved + 2);
    const cart = (await injectAs(t.app, rui, { url: `/api/carts?event_id=${teatro.id}` })).json().data;
    expect(cart.total_items).toBe(0);
    // another customer cannot see it
    expect((await injectAs(t.app, ana, { url: `/api/orders/${order.id}` })).statusCode).toBe(404);
    expect(
      (await injectAs(t.app, rui, { url: `/api/orders/${order.id}` })).json().data.lines[0].session_date,
    ).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('checks billing data: a Portuguese NIF with a wrong check digit is refused', async () => {
    const res = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        event_id: teatro.id,
        items: [{ ticket_id: teatro.ticket_types[0]!.id, session_id: teatro.sessions[0]!.id, qty: 1 }],
        billing: { name: 'X', country: 'PT', document: '123456780', postal_code: '4000-123' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).errors['billing.document']).toBeTruthy();
  });

  it('lists items below their minimum', async () => {
    await t.database.db.execute(
      sql`UPDATE ticket_types SET min_per_order = 2 WHERE id = ${teatro.ticket_types[1]!.id}`,
    );
    const res = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/orders',
      headers: { 'x-locale': 'en' },
      payload: {
        event_id: teatro.id,
        items: [{ ticket_id: teatro.ticket_types[1]!.id, session_id: teatro.sessions[0]!.id, qty: 1 }],
      },
    });
    await t.database.db.execute(
      sql`UPDATE ticket_types SET min_per_order = 1 WHERE id = ${teatro.ticket_types[1]!.id}`,
    );
    expect(res.statusCode).toBe(422);
    const body = expectErrorShape(res) as { message: string; details?: { items: unknown[] } };
    expect(body.message).toContain('Estudante');
    expect(body.message).toContain('minimum 2');
    expect(res.json().details.items).toHaveLength(1);
  });

  it('a multi-day pass takes a place on each day it covers', async () => {
    const pass = festival.ticket_types.find((x) => x.period_days.length === 3)!;
    const [d1, d2, d3] = pass.period_days;
    await t.database.db.execute(sql`INSERT INTO event_day_stock (event_id, day, capacity) VALUES
      (${festival.id}, ${d1}, 5), (${festival.id}, ${d2}, 3), (${festival.id}, ${d3}, 5)
      ON CONFLICT (event_id, day) DO UPDATE SET capacity = EXCLUDED.capacity, reserved = 0, sold = 0`);
    const day2 = festival.ticket_types.find((x) => x.period_days.length === 1 && x.period_days[0] === d2)!;
    // two buyers: a customer's new order for the event would replace their pending one
    const buy = (ticket_id: number, qty: number) =>
      injectAs(t.app, ticket_id === pass.id ? rui : ana, {
        method: 'POST',
        url: '/api/orders',
        payload: { event_id: festival.id, items: [{ ticket_id, qty }] },
      });
    expect((await buy(pass.id, 2)).statusCode).toBe(201);
    const full = await buy(day2.id, 2);
    expect(full.statusCode).toBe(409);
    expect(expectErrorShape(full).code).toBe('day_full');
    expect((await buy(day2.id, 1)).statusCode).toBe(201);
    const days = await queryRows<{ day: string; reserved: number }>(
      t.database.db,
      sql`SELECT day, reserved FROM event_day_stock WHERE event_id = ${festival.id} ORDER BY day`,
    );
    expect(days.map((d) => d.reserved)).toEqual([2, 3, 2]);
    await t.database.db.execute(sql`DELETE FROM event_day_stock WHERE event_id = ${festival.id}`);
  });

  it('expired orders give their stock back exactly once, even with two workers', async () => {
    const type = teatro.ticket_types[1]!;
    const res = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        event_id: teatro.id,
        items: [{ ticket_id: type.id, session_id: teatro.sessions[2]!.id, qty: 3 }],
      },
    });
    const order = res.json().data;
    const held = await stockOf(type.id);
    const later = new Date(Date.now() + 60 * 60_000);
    const counts = await Promise.all([
      expireOrders(t.database.db, later, orderHoldMs(t.config)),
      expireOrders(t.database.db, later, orderHoldMs(t.config)),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect((await stockOf(type.id)).reserved).toBe(held.reserved - 3);
    const after = (await injectAs(t.app, rui, { url: `/api/orders/${order.id}` })).json().data;
    expect(after).toMatchObject({ status: 'cancelled', payable: false });
    const sessions = await queryRows<{ reserved: number }>(
      t.database.db,
      sql`SELECT reserved FROM event_sessions WHERE id = ${teatro.sessions[2]!.id}`,
    );
    expect(sessions[0]!.reserved).toBe(0);
  });

  it('lists orders by filter with pagination', async () => {
    const all = (await injectAs(t.app, rui, { url: '/api/orders?status=all&per_page=2' })).json();
    expect(all.meta.total).toBeGreaterThanOrEqual(3);
    expect(all.meta.last_page).toBe(Math.ceil(all.meta.total / 2));
    expect(all.data).toHaveLength(2);
    const cancelled = (await injectAs(t.app, rui, { url: '/api/orders?status=cancelled' })).json();
    expect(cancelled.data.every((o: { status: string }) => o.status === 'cancelled')).toBe(true);
    expect((await injectAs(t.app, rui, { url: '/api/orders?status=bogus' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/orders' })).statusCode).toBe(401);
  });

  it('a top-up-only order is valid where online top-up is on, refused elsewhere', async () => {
    const ok = await injectAs(t.app, ana, {
      method: 'POST',
      url: '/api/orders',
      payload: { event_id: festival.id, include_cart: false, topup_cents: 2000 },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ quantity: 0, total_cents: 2000 });
    const no = await injectAs(t.app, ana, {
      method: 'POST',
      url: '/api/orders',
      payload: { event_id: teatro.id, include_cart: false, topup_cents: 2000 },
    });
    expect(no.statusCode).toBe(422);
  });
});

describe('the checkout statement', () => {
  it('is all or nothing: a day that runs out fails the whole order, and no write can pass a stock', async () => {
    const pass = await festivalDays([5, 1, 5]);
    const before = await stockOf(pass.id);
    const reference = `T${Date.now() % 1e9}`;
    // what a buyer who passed the early check sees when another one took day 2 meanwhile
    const err = await insertPendingOrder(t.database.db, await passOrder(pass, 2, reference)).catch(
      (e: unknown) => e,
    );
    expect(stockShortageKind(err)).toBe('day');
    expect(await stockOf(pass.id)).toEqual(before);
    expect(await festivalDaysReserved()).toEqual([0, 0, 0]);
    const orders = await queryRows(t.database.db, sql`SELECT id FROM orders WHERE reference = ${reference}`);
    expect(orders).toEqual([]);
    // the database itself refuses oversell, whatever writes the counter
    const direct = await t.database.db
      .execute(sql`UPDATE ticket_types SET reserved = quantity - sold + 1 WHERE id = ${pass.id}`)
      .catch((e: unknown) => e);
    expect(stockShortageKind(direct)).toBe('type');
    await t.database.db.execute(sql`DELETE FROM event_day_stock WHERE event_id = ${festival.id}`);
  });

  it('orders that share one database call each get their own answer, and a repeated key one order', async () => {
    const pass = await festivalDays([9, 3, 9]);
    const before = await stockOf(pass.id);
    const buyers = await t.database.db
      .insert(customers)
      .values([0, 1, 2].map((i) => ({ firstName: 'Batch', lastName: String(i), status: 'active' })))
      .returning({ id: customers.id });
    const inputs = await Promise.all(
      [2, 2, 1].map((qty, n) => passOrder(pass, qty, `B${n}${Date.now() % 1e8}`, buyers[n]!.id)),
    );
    // submitted in one tick, so they go to the database together: day 2 has room for 3
    const outcomes = await Promise.allSettled(
      inputs.map((input) => insertPendingOrder(t.database.db, input)),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(stockShortageKind((outcomes[1] as PromiseRejectedResult).reason)).toBe('day');
    const ids = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.orderId] : []));
    expect(new Set(ids).size).toBe(2);
    expect((await stockOf(pass.id)).reserved).toBe(before.reserved + 3);
    expect(await festivalDaysReserved()).toEqual([3, 3, 3]);
    await t.database.db.execute(sql`DELETE FROM event_day_stock WHERE event_id = ${festival.id}`);

    // the same Idempotency-Key sent 10 times at once: one order, every answer names it
    const type = festival.ticket_types.find((x) => x.period_days.length === 1)!;
    const stock = await stockOf(type.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        injectAs(t.app, ana, {
          method: 'POST',
          url: '/api/orders',
          headers: { 'idempotency-key': 'same-key-at-once' },
          payload: { event_id: festival.id, items: [{ ticket_id: type.id, qty: 1 }] },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect((await stockOf(type.id)).reserved).toBe(stock.reserved + 1);
  });
});
