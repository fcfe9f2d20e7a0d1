import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createSession } from '../src/modules/identity/session.service';
import { expireOrders } from '../src/modules/orders/order-expiry.service';
import { orderHoldMs } from '../src/modules/orders/order-hold';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

/**
 * A direct purchase (POST /api/orders with `items`) is authenticated by the order's own
 * database call (migration 0007): the same rule as every other request, checked in the
 * transaction that writes the order.
 */
let t: TestApp;
let rui: string;
let ruiId: number;
let concerto: { id: number; ticket_types: { id: number }[] };

const typeId = () => concerto.ticket_types[0]!.id;

const buy = (token: string | null, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...headers, ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    payload: { event_id: concerto.id, items: [{ ticket_id: typeId(), qty: 1 }] },
  });

/** What a refused purchase must leave untouched: orders, audit rows, the type's holds. */
const written = async () =>
  (
    await queryRows<{ orders: number; audits: number; reserved: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM orders) AS orders,
        (SELECT count(*)::int FROM audit_log WHERE action = 'order.create') AS audits,
        (SELECT reserved FROM ticket_types WHERE id = ${typeId()}) AS reserved`,
    )
  )[0]!;

const auditsOf = async (actor: string) =>
  (
    await queryRows<{ action: string; data: { status?: number } | null }>(
      t.database.db,
      sql`SELECT action, data FROM audit_log WHERE actor = ${actor} ORDER BY id`,
    )
  ).map((a) => `${a.action}${a.data?.status ? ` ${a.data.status}` : ''}`);

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  rui = await login(t.app, DEMO.rui);
  ruiId = (await injectAs(t.app, rui, { url: '/api/customers/customer' })).json().data.id;
  concerto = (await t.app.inject({ url: '/api/events/concerto-demo' })).json().data;
});
afterAll(() => t.close());

describe('a direct purchase authenticated inside its order statement', () => {
  it("is the session's customer's order, audited as them; a repeated key answers the same order", async () => {
    const before = await written();
    const res = await buy(rui, { 'idempotency-key': 'direct-1' });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({ status: 'pending', quantity: 1, payable: true });
    expect((await injectAs(t.app, rui, { url: `/api/orders/${order.id}` })).statusCode).toBe(200);
    const ana = await login(t.app, DEMO.ana);
    expect((await injectAs(t.app, ana, { url: `/api/orders/${order.id}` })).statusCode).toBe(404);
    const [row] = await queryRows<{ customer_id: number; actor: string }>(
      t.database.db,
      sql`SELECT o.customer_id, a.actor FROM orders o
        JOIN audit_log a ON a.entity = 'order' AND a.entity_id = o.id::text AND a.action = 'order.create'
        WHERE o.id = ${order.id}`,
    );
    expect(row).toEqual({ customer_id: ruiId, actor: `customer:${ruiId}` });

    const again = await buy(rui, { 'idempotency-key': 'direct-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(order.id);
    const after = await written();
    expect(after).toEqual({
      ...before,
      orders: before.orders + 1,
      audits: before.audits + 1,
      reserved: before.reserved + 1,
    });
  });

  it('without a live session answers 401 in the chosen language and writes nothing', async () => {
    const loggedOut = await login(t.app, DEMO.rui);
    expect(
      (await injectAs(t.app, loggedOut, { method: 'POST', url: '/api/customers/logout' })).statusCode,
    ).toBe(200);
    const expired = await createSession(t.database.db, ruiId, new Date(Date.now() - 7_200_000), {
      ttlMs: 3_600_000,
    });
    const before = await written();
    const tokens = {
      none: null,
      unknown: 'x'.repeat(43),
      'logged out': loggedOut,
      expired,
    };
    for (const [why, token] of Object.entries(tokens)) {
      const keyed: Record<string, string> = { 'idempotency-key': `dead-${why.replace(' ', '-')}` };
      for (const headers of [{}, keyed]) {
        const res = await buy(token, { ...headers, 'x-locale': 'en' });
        expect(res.statusCode, why).toBe(401);
        expect(expectErrorShape(res).code, why).toBe('unauthorized');
      }
    }
    const es = await buy(expired, { 'x-locale': 'es' });
    const pt = await buy(expired);
    expect(expectErrorShape(es).message).not.toBe(expectErrorShape(pt).message);
    expect(await written()).toEqual(before);
  });

  it('tells why an order is refused only to a live session', async () => {
    const expired = await createSession(t.database.db, ruiId, new Date(Date.now() - 7_200_000), {
      ttlMs: 3_600_000,
    });
    const [stock] = await queryRows<{ quantity: number }>(
      t.database.db,
      sql`SELECT quantity FROM ticket_types WHERE id = ${typeId()}`,
    );
    // Rui's pending order would give its place back to his new one (it replaces it): end it
    await t.database.db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE customer_id = ${ruiId} AND status = 'pending'`,
    );
    await expireOrders(t.database.db, new Date(), orderHoldMs(t.config));
    await t.database.db.execute(
      sql`UPDATE ticket_types SET quantity = reserved + sold WHERE id = ${typeId()}`,
    );
    try {
      expect((await buy(expired)).statusCode).toBe(401);
      const live = await buy(rui, { 'x-locale': 'en' });
      expect(live.statusCode).toBe(409);
      expect(expectErrorShape(live).code).toBe('sold_out');
    } finally {
      await t.database.db.execute(
        sql`UPDATE ticket_types SET quantity = ${stock!.quantity} WHERE id = ${typeId()}`,
      );
    }
  });

  it("a support operator's purchase is audited as theirs, refused or not", async () => {
    const support = await createSession(t.database.db, ruiId, new Date(), { impersonatedBy: 'joana' });
    expect((await buy(support)).statusCode).toBe(201);
    await t.database.db.execute(sql`UPDATE ticket_types SET min_per_order = 2 WHERE id = ${typeId()}`);
    try {
      expect((await buy(support)).statusCode).toBe(422);
    } finally {
      await t.database.db.execute(sql`UPDATE ticket_types SET min_per_order = 1 WHERE id = ${typeId()}`);
    }
    await new Promise((r) => setTimeout(r, 50)); // onResponse audit is written after the answer
    expect(await auditsOf('support:joana')).toEqual([
      'order.create',
      'impersonated.POST /api/orders 201',
      'impersonated.POST /api/orders 422',
    ]);
  });
});
