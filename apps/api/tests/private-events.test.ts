import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createSession } from '../src/modules/identity/session.service';
import { createTestApp, DEMO, injectAs, login, type TestApp } from './helpers';

/**
 * A private (link-only) event is reached by its link, /events/{slug}; its sequential id alone
 * proves nothing (issue 23, item 11). Ordering, carts and the wallet lookup answer a private
 * id without the link exactly as an unknown id, and hold nothing.
 */
let t: TestApp;
let ana: string;
let rui: string;
let priv: { id: number; slug: string; ticket_types: { id: number }[] };
const UNKNOWN = 999_999;

const reserved = async () =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT reserved AS n FROM ticket_types WHERE id = ${priv.ticket_types[0]!.id}`,
    )
  )[0]!.n;

/** What a refusal looks like to the caller: status and body, nothing else. */
const seen = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, body: res.body });

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  ana = await login(t.app, DEMO.ana);
  rui = await login(t.app, DEMO.rui);
  priv = (await t.app.inject({ url: '/api/events/evento-privado' })).json().data;
});
afterAll(() => t.close());

describe('a private event needs its link', () => {
  it('ordering by numeric id alone answers like an unknown event and holds nothing; with the link it works', async () => {
    const before = await reserved();
    const order = (event_id: number, extra: Record<string, unknown> = {}) =>
      injectAs(t.app, rui, {
        method: 'POST',
        url: '/api/orders',
        headers: { 'x-locale': 'en' },
        payload: { event_id, items: [{ ticket_id: priv.ticket_types[0]!.id, qty: 2 }], ...extra },
      });
    const byId = await order(priv.id);
    expect(byId.statusCode).toBe(404);
    expect(byId.json().code).toBe('event_not_found');
    // an unknown event with a ticket of another event answers the same
    expect(seen(byId)).toEqual(seen(await order(UNKNOWN)));
    // another event's slug is no proof
    expect(seen(await order(priv.id, { event_slug: 'festival-demo' }))).toEqual(seen(byId));
    // a top-up-only or cart checkout of the private id alone is refused the same way
    const cartCheckout = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/orders',
      headers: { 'x-locale': 'en' },
      payload: { event_id: priv.id, include_cart: true },
    });
    expect(seen(cartCheckout)).toEqual(seen(byId));
    expect(await reserved()).toBe(before);

    const withLink = await order(priv.id, { event_slug: priv.slug });
    expect(withLink.statusCode, withLink.body).toBe(201);
    expect(await reserved()).toBe(before + 2);
  });

  it('the cart refuses a private event by id alone, takes it with the link, then changes its lines', async () => {
    const visitor = { 'visitor-id': '1234567890123456', 'x-locale': 'en' };
    const add = (event_id: number, extra: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/carts/add-item',
        headers: visitor,
        payload: { event_id, ticket_id: priv.ticket_types[0]!.id, amount: 3, ...extra },
      });
    const byId = await add(priv.id);
    expect(byId.statusCode).toBe(404);
    expect(seen(byId)).toEqual(seen(await add(UNKNOWN)));
    const cart = await t.app.inject({ url: `/api/carts?event_id=${priv.id}`, headers: visitor });
    expect(cart.json().data.items).toEqual([]);

    const ok = await add(priv.id, { event_slug: priv.slug });
    expect(ok.statusCode, ok.body).toBe(200);
    const line = ok.json().data.items[0];
    expect(line.qty).toBe(3);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/carts/items/${line.identifier}`,
      headers: visitor,
      payload: { qty: 1 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.items[0].qty).toBe(1);
  });

  it('the cart of a private event checks out with the link', async () => {
    const add = await injectAs(t.app, ana, {
      method: 'POST',
      url: '/api/carts/add-item',
      payload: { event_id: priv.id, event_slug: priv.slug, ticket_id: priv.ticket_types[0]!.id, amount: 2 },
    });
    expect(add.statusCode, add.body).toBe(200);
    const checkout = (extra: Record<string, unknown>) =>
      injectAs(t.app, ana, {
        method: 'POST',
        url: '/api/orders',
        payload: { event_id: priv.id, include_cart: true, ...extra },
      });
    expect((await checkout({})).statusCode).toBe(404);
    const ok = await checkout({ event_slug: priv.slug });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.quantity).toBe(2);
  });

  it('wallet-event answers a private id without the link exactly like a nonexistent id', async () => {
    // Rui and Ana ordered the private event above (through its link): a customer who did not
    const [fresh] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO customers (first_name, last_name, status) VALUES ('Sem', 'Ligação', 'active') RETURNING id`,
    );
    const token = await createSession(t.database.db, fresh!.id, new Date());
    const ask = (query: string) =>
      injectAs(t.app, token, { url: `/api/customers/wallet-event?${query}`, headers: { 'x-locale': 'en' } });
    const privateById = await ask(`event_id=${priv.id}`);
    const unknown = await ask(`event_id=${UNKNOWN}`);
    expect(privateById.statusCode).toBe(404);
    expect(seen(privateById)).toEqual(seen(unknown));
    const byHeader = await injectAs(t.app, token, {
      url: '/api/customers/wallet-event',
      headers: { 'event-id': String(priv.id), 'x-locale': 'en' },
    });
    expect(seen(byHeader)).toEqual(seen(unknown));
    const transactions = await injectAs(t.app, token, {
      url: `/api/customers/wallet-transactions?event_id=${priv.id}`,
      headers: { 'x-locale': 'en' },
    });
    expect(seen(transactions)).toEqual(
      seen(
        await injectAs(t.app, token, {
          url: `/api/customers/wallet-transactions?event_id=${UNKNOWN}`,
          headers: { 'x-locale': 'en' },
        }),
      ),
    );
    // by its link the event is found (it has no wallet: 422, not 404)
    expect((await ask(`slug=${priv.slug}`)).statusCode).toBe(422);
    // a customer who ordered it (through its link) finds it by id too
    const buyer = await injectAs(t.app, rui, { url: `/api/customers/wallet-event?event_id=${priv.id}` });
    expect(buyer.statusCode).toBe(422);
  });
});
