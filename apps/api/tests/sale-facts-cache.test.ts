import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

// The API tests run with the public cache off (PUBLIC_CACHE_MS=0); this file turns it on (as in
// production) to prove that a checkout's cached copy of the event decides stock only in the
// buyer's favour.
let t: TestApp;
let rui: string;
let ana: string;

type EventView = { id: number; ticket_types: { id: number; name: string }[] };
const eventOf = async (slug: string): Promise<EventView> =>
  (await t.app.inject({ url: `/api/events/${slug}` })).json().data;

const stockOf = async (id: number) =>
  (
    await queryRows<{ reserved: number; sold: number; quantity: number }>(
      t.database.db,
      sql`SELECT reserved, sold, quantity FROM ticket_types WHERE id = ${id}`,
    )
  )[0]!;

/** Leaves `left` places of the type on sale (as an organiser changing its quantity would). */
const leave = (id: number, left: number) =>
  t.database.db.execute(sql`UPDATE ticket_types SET quantity = reserved + sold + ${left} WHERE id = ${id}`);

const buyOne = (event: EventView, token = rui) =>
  injectAs(t.app, token, {
    method: 'POST',
    url: '/api/orders',
    headers: { 'x-locale': 'en' },
    payload: { event_id: event.id, items: [{ ticket_id: event.ticket_types[0]!.id, qty: 1 }] },
  });

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000, PUBLIC_CACHE_MS: 10_000 } });
  rui = await login(t.app, DEMO.rui);
  ana = await login(t.app, DEMO.ana);
});
afterAll(async () => {
  await t.close();
});

describe('checkout with the event cached', () => {
  it('a copy that still shows the last place free never sells it twice', async () => {
    const festival = await eventOf('festival-demo');
    const type = festival.ticket_types[0]!;
    await leave(type.id, 1);
    expect((await buyOne(festival)).statusCode).toBe(201); // the copy is taken here: 1 left
    // another buyer (Rui's own new order would replace his first and take its place back):
    // the copy still says 1 left; the database says 0
    const again = await buyOne(festival, ana);
    expect(again.statusCode).toBe(409);
    expect(expectErrorShape(again)).toMatchObject({ code: 'sold_out' });
    const s = await stockOf(type.id);
    expect(s.reserved + s.sold).toBe(s.quantity);
  });

  it('a copy that shows the type sold out is checked again before anyone is refused', async () => {
    const concerto = await eventOf('concerto-demo');
    const type = concerto.ticket_types[0]!;
    await leave(type.id, 0);
    expect((await buyOne(concerto)).statusCode).toBe(409); // the copy is taken here: sold out
    await leave(type.id, 1); // the organiser adds a place (or an unpaid order expires)
    const res = await buyOne(concerto);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.lines[0]).toMatchObject({ ticket_id: type.id, qty: 1 });
    const s = await stockOf(type.id);
    expect(s.reserved + s.sold).toBe(s.quantity);
  });
});
