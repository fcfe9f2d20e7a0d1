import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';
import { fromSessionDate, toSessionDate } from '@bilheteira/shared/schemas/carts';

let t: TestApp;
let teatro: {
  id: number;
  ticket_types: { id: number; name: string }[];
  sessions: { id: number; date: string; hour: string }[];
};
let festival: { id: number; ticket_types: { id: number; name: string }[] };
const visitor = { 'visitor-id': '1234567890123456' };

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  teatro = (await t.app.inject({ url: '/api/events/teatro-demo' })).json().data;
  festival = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data;
});
afterAll(() => t.close());

describe('session date format', () => {
  it('converts year-month-day to day/month/year and back, rejecting impossible dates', () => {
    expect(toSessionDate('2026-12-05')).toBe('05/12/2026');
    expect(fromSessionDate('05/12/2026')).toBe('2026-12-05');
    expect(fromSessionDate('31/02/2026')).toBeNull();
    expect(fromSessionDate('2026-12-05')).toBeNull();
  });
});

describe('cart', () => {
  it('adds a line by session date and hour, then sets (not adds) its quantity', async () => {
    const s = teatro.sessions[0]!;
    const body = {
      ticket_id: teatro.ticket_types[0]!.id,
      session_date: toSessionDate(s.date),
      session_hour: s.hour,
      event_id: teatro.id,
      amount: 2,
    };
    let res = await t.app.inject({
      method: 'POST',
      url: '/api/carts/add-item',
      headers: visitor,
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toHaveLength(1);
    expect(res.json().data.items[0]).toMatchObject({
      qty: 2,
      session_id: s.id,
      session_date: toSessionDate(s.date),
    });
    res = await t.app.inject({
      method: 'POST',
      url: '/api/carts/add-item',
      headers: visitor,
      payload: { ...body, amount: 3 },
    });
    expect(res.json().data.items).toHaveLength(1);
    expect(res.json().data.total_items).toBe(3);
    // another session appends a line (form body, as the spec's client sends it)
    res = await t.app.inject({
      method: 'POST',
      url: '/api/carts/add-item',
      headers: { ...visitor, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ticket_id=${body.ticket_id}&session_id=${teatro.sessions[1]!.id}&event_id=${teatro.id}&amount=1`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toHaveLength(2);
    expect(res.json().data.total_items).toBe(4);
    expect(res.json().data.subtotal_cents).toBe(4 * 1500);
    // per ticket: the all-in price shown (1500 + its cost) times 4 is what the cart totals
    expect(res.json().data.service_cents).toBe(4 * serviceOf(1500, 300));
    expect(res.json().data.service_fee_bp).toBe(300);
  });

  it('changes a quantity and removes a line; another visitor cannot touch them', async () => {
    const cart = (await t.app.inject({ url: `/api/carts?event_id=${teatro.id}`, headers: visitor })).json()
      .data;
    const line = cart.items[0];
    const other = { 'visitor-id': '9999999999999999' };
    let res = await t.app.inject({
      method: 'PATCH',
      url: `/api/carts/items/${line.identifier}`,
      headers: other,
      payload: { qty: 1 },
    });
    expect(res.statusCode).toBe(404);
    res = await t.app.inject({
      method: 'PATCH',
      url: `/api/carts/items/${line.identifier}`,
      headers: visitor,
      payload: { qty: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total_items).toBe(2);
    res = await t.app.inject({
      method: 'DELETE',
      url: `/api/carts/items/${cart.items[1].identifier}`,
      headers: visitor,
    });
    expect(res.json().data.items).toHaveLength(1);
  });

  it('rejects bad input with localised 4xx and changes nothing', async () => {
    const base = { ticket_id: teatro.ticket_types[0]!.id, event_id: teatro.id, amount: 1 };
    const cases = [
      { payload: { ...base, session_date: '2026-12-05', session_hour: '17:00' }, status: 400 },
      { payload: { ...base, session_date: '31/02/2026', session_hour: '17:00' }, status: 400 },
      { payload: { ...base }, status: 422 },
      { payload: { ...base, session_id: teatro.sessions[0]!.id, amount: 9 }, status: 422 },
      { payload: { ...base, session_id: teatro.sessions[0]!.id, amount: -1 }, status: 400 },
      {
        payload: { ...base, ticket_id: festival.ticket_types[0]!.id, session_id: teatro.sessions[0]!.id },
        status: 404,
      },
      { payload: { ...base, session_id: 999999 }, status: 404 },
      { payload: 'not json', status: 400 },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/carts/add-item',
        headers: { ...visitor, 'x-locale': 'en', 'content-type': 'application/json' },
        payload: typeof c.payload === 'string' ? c.payload : JSON.stringify(c.payload),
      });
      expect(res.statusCode, JSON.stringify(c.payload)).toBe(c.status);
      expect(expectErrorShape(res).message).not.toMatch(/^[a-z_.]+$/);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/carts/add-item', payload: { ...base } });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).code).toBe('no_visitor');
    const cart = (await t.app.inject({ url: `/api/carts?event_id=${teatro.id}`, headers: visitor })).json()
      .data;
    expect(cart.total_items).toBe(1);
  });

  it('sold-out tickets cannot be added', async () => {
    const esgotado = (await t.app.inject({ url: '/api/events/esgotado-demo' })).json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/carts/add-item',
      headers: visitor,
      payload: { ticket_id: esgotado.ticket_types[0].id, event_id: esgotado.id, amount: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(expectErrorShape(res).code).toBe('sold_out');
  });

  it("joins the visitor's cart to the customer's at login", async () => {
    const token = await login(t.app, DEMO.rui);
    const res = await injectAs(t.app, token, { url: `/api/carts?event_id=${teatro.id}`, headers: visitor });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total_items).toBe(1);
    // the visitor alone no longer has it
    const anon = (await t.app.inject({ url: `/api/carts?event_id=${teatro.id}`, headers: visitor })).json()
      .data;
    expect(anon.total_items).toBe(0);
    // a customer's cart follows them to another browser
    const elsewhere = await injectAs(t.app, token, {
      url: `/api/carts?event_id=${teatro.id}`,
      headers: { 'visitor-id': '5555555555555555' },
    });
    expect(elsewhere.json().data.total_items).toBe(1);
  });
});

function serviceOf(subtotal: number, bp: number) {
  const fee = Math.round((subtotal * bp) / 10_000);
  return fee + Math.round((fee * 23) / 100);
}
