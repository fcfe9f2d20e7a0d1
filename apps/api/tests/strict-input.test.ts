import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

// Numbers and yes/no fields arrive as strings from forms and query strings. They are read
// strictly: a hexadecimal or exponent number, or "NaN" for a consent, is a 400 that changes
// nothing — never 500 tickets or a silent "no".
let t: TestApp;
let festival: { id: number; ticket_types: { id: number }[] };
const visitor = { 'visitor-id': '4444555566667777' };

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  festival = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data;
});
afterAll(() => t.close());

async function addItem(amount: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/carts/add-item',
    headers: { ...visitor, 'x-locale': 'en' },
    payload: { ticket_id: festival.ticket_types[0]!.id, event_id: festival.id, amount },
  });
}

describe('strict numbers from forms', () => {
  it.each(['0x2', '2e0', '2.0', ' ', 'Infinity', '0b11'])(
    'refuses the quantity %j with a 400',
    async (amount) => {
      const res = await addItem(amount);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res);
      expect(res.json().errors.amount).toBeDefined();
      const cart = await t.app.inject({ url: '/api/carts', headers: visitor });
      expect(cart.json().data.total_items ?? 0).toBe(0);
    },
  );

  it('still reads a plain decimal string, as forms send it', async () => {
    const res = await addItem(' 2 ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total_items).toBe(2);
    await addItem(0);
  });

  it('refuses an own order id written in hexadecimal', async () => {
    const token = await login(t.app, DEMO.ana);
    const list = await injectAs(t.app, token, { method: 'GET', url: '/api/orders' });
    const id: number = list.json().data[0].id;
    expect((await injectAs(t.app, token, { method: 'GET', url: `/api/orders/${id}` })).statusCode).toBe(200);
    const res = await injectAs(t.app, token, { method: 'GET', url: `/api/orders/0x${id.toString(16)}` });
    expect(res.statusCode).toBe(400);
  });
});

describe('strict yes/no fields', () => {
  it('refuses marketing_consent "NaN" and keeps the consent as it was', async () => {
    const token = await login(t.app, DEMO.rui);
    const yes = await injectAs(t.app, token, {
      method: 'POST',
      url: '/api/customers/customer',
      payload: { marketing_consent: 'true' },
    });
    expect(yes.statusCode).toBe(200);
    for (const value of ['NaN', 'maybe', '2']) {
      const res = await injectAs(t.app, token, {
        method: 'POST',
        url: '/api/customers/customer',
        headers: { 'x-locale': 'es' },
        payload: { marketing_consent: value },
      });
      expect(res.statusCode).toBe(400);
      expectErrorShape(res);
      expect(res.json().errors.marketing_consent).toBeDefined();
    }
    const me = await injectAs(t.app, token, { method: 'GET', url: '/api/customers/customer' });
    expect(me.json().data.marketing_consent).toBe(true);
    const off = await injectAs(t.app, token, {
      method: 'POST',
      url: '/api/customers/customer',
      payload: { marketing_consent: 'off' },
    });
    expect(off.json().data.marketing_consent).toBe(false);
  });
});
