/**
 * Capacity groups (pretix quotas): a capacity shared by several ticket types. The back office
 * adds, changes and deletes them (validation, tenancy, permissions, audit); every ticket of a
 * member type takes one place of the group as well as one of its own, so a group of 10 sells
 * exactly 10 tickets however many buyers race for them, and its places come back when an
 * order expires, is cancelled or a paid order is refunded, exactly as they were taken even
 * when the group's members changed meanwhile. The event page and the cart show the types sold
 * out when their group is full.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { auditLog, customers, organizers } from '../src/db/schema/index';
import { createSession } from '../src/modules/identity/session.service';
import { expireOrders } from '../src/modules/orders/order-expiry.service';
import { asStaff, newOrganizer, staffAs, type StaffSession } from './backoffice-sessions';
import { createTestApp, expectErrorShape, type TestApp } from './helpers';
import { moneyInvariantViolations, stockBaseline, type StockBaseline } from './money-invariants';

let t: TestApp;
let org: number;
let otherOrg: number;
let baseline: StockBaseline;
const who = {} as Record<'manager' | 'viewer' | 'door' | 'stranger', StaffSession>;
const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

const base = (organizerId = org) => `/api/backoffice/organizers/${organizerId}/events`;
const as = (s: StaffSession, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  asStaff(t, s, { method, url, headers: { 'x-locale': 'en' }, ...(payload ? { payload } : {}) });

interface Group {
  id: number;
  name: string;
  capacity: number;
  reserved: number;
  sold: number;
  ticket_type_ids: number[];
}
const groupRow = async (id: number) =>
  (
    await queryRows<{ capacity: number; reserved: number; sold: number }>(
      t.database.db,
      sql`SELECT capacity, reserved, sold FROM capacity_groups WHERE id = ${id}`,
    )
  )[0]!;

/** A published event of the organiser with ticket types (100 places each) and maybe sessions. */
async function publishedEvent(name: string, types: string[], sessions = 0) {
  const created = await as(who.manager, 'POST', base(), {
    name,
    address: 'Rua do Teste 1, Lisboa',
    contact_email: 'geral@example.pt',
    starts_at: inDays(30),
    ends_at: inDays(33),
    is_session: sessions > 0,
  });
  expect(created.statusCode, created.body).toBe(201);
  const event = created.json().data as { id: number; slug: string };
  const typeIds: number[] = [];
  for (const typeName of types) {
    const res = await as(who.manager, 'POST', `${base()}/${event.id}/ticket-types`, {
      name: typeName,
      price_cents: 2000,
      quantity: 100,
      max_per_order: 10,
    });
    expect(res.statusCode, res.body).toBe(201);
    typeIds.push(res.json().data.id);
  }
  const sessionIds: number[] = [];
  for (let i = 0; i < sessions; i++) {
    const res = await as(who.manager, 'POST', `${base()}/${event.id}/sessions`, {
      date: inDays(30 + i).slice(0, 10),
      hour: '21:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    sessionIds.push(res.json().data.id);
  }
  const published = await as(who.manager, 'POST', `${base()}/${event.id}/publish`, { visibility: 'public' });
  expect(published.statusCode, published.body).toBe(200);
  return { id: event.id, slug: event.slug, typeIds, sessionIds };
}

async function addGroup(eventId: number, body: object): Promise<Group> {
  const res = await as(who.manager, 'POST', `${base()}/${eventId}/capacity-groups`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** `n` new customers with live sessions (argon2 logins would dominate a race). */
async function buyers(n: number): Promise<string[]> {
  const people = await t.database.db
    .insert(customers)
    .values(
      Array.from({ length: n }, (_, i) => ({ firstName: 'Buyer', lastName: String(i), status: 'active' })),
    )
    .returning({ id: customers.id });
  return Promise.all(people.map((p) => createSession(t.database.db, p.id, new Date())));
}

const order = (token: string, eventId: number, items: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { authorization: `Bearer ${token}`, 'x-locale': 'en' },
    payload: { event_id: eventId, items },
  });

const pay = (token: string, id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/pay`,
    headers: { authorization: `Bearer ${token}` },
    payload: { method: 'card', card: { number: '4242424242424242', expiry: '12/2099', name: 'Buyer' } },
  });

const eventPage = async (slug: string) =>
  (await t.app.inject(`/api/events/${slug}`)).json().data as {
    status: string;
    ticket_types: { id: number; available: number }[];
    sessions: { id: number; availability: Record<string, number> }[];
  };

beforeAll(async () => {
  // every buyer of this file orders from one address: the per-address order limit is another test's
  t = await createTestApp({ config: { ORDER_RATE_PER_IP_PER_MINUTE: 0, MAX_EVENT_LOOP_DELAY_MS: 600_000 } });
  const db = t.database.db;
  org = (await db.select().from(organizers).where(eq(organizers.slug, 'promotora-demo')))[0]!.id;
  otherOrg = await newOrganizer(t);
  who.manager = await staffAs(t, { role: 'event_manager', organizerId: org });
  who.viewer = await staffAs(t, { role: 'viewer', organizerId: org });
  who.door = await staffAs(t, { role: 'door_staff', organizerId: org });
  who.stranger = await staffAs(t, { role: 'owner', organizerId: otherOrg });
  baseline = await stockBaseline(db);
}, 120_000);
afterAll(() => t.close());

describe('the back office manages capacity groups', () => {
  it('adds, lists, changes and deletes a group, audited; validation and tenancy', async () => {
    const ev = await publishedEvent('Gala das Capacidades', ['VIP dia', 'VIP 3 dias', 'Geral']);
    const [dia, tres, geral] = ev.typeIds as [number, number, number];
    const url = `${base()}/${ev.id}/capacity-groups`;

    const created = await as(who.manager, 'POST', url, {
      name: ' Zona VIP ',
      capacity: '500',
      ticket_type_ids: [dia, tres],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('Changes saved.');
    const group = created.json().data as Group;
    expect(group).toMatchObject({ name: 'Zona VIP', capacity: 500, reserved: 0, sold: 0 });
    expect(group.ticket_type_ids).toEqual([dia, tres].sort((a, b) => a - b));
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'capacity_group.created'), eq(auditLog.entityId, String(group.id))));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actor).toBe(`staff:${who.manager.userId}`);

    // a viewer reads the groups, and cannot change them
    const listed = await as(who.viewer, 'GET', url);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((g: Group) => g.id)).toEqual([group.id]);
    expect(
      (await as(who.viewer, 'POST', url, { name: 'X', capacity: 1, ticket_type_ids: [dia] })).statusCode,
    ).toBe(403);
    expect((await as(who.door, 'PATCH', `${url}/${group.id}`, { capacity: 1 })).statusCode).toBe(403);

    // bad input: localised field errors, nothing written
    const zero = await as(who.manager, 'POST', url, { name: 'Zero', capacity: 0, ticket_type_ids: [dia] });
    expect(zero.statusCode).toBe(400);
    expect(expectErrorShape(zero).errors.capacity).toBeDefined();
    const none = await as(who.manager, 'POST', url, { name: 'Vazio', capacity: 5, ticket_type_ids: [] });
    expect(none.statusCode).toBe(400);
    expect(expectErrorShape(none).errors.ticket_type_ids).toEqual(['Choose at least one ticket type.']);
    const nameless = await as(who.manager, 'POST', url, { capacity: 5, ticket_type_ids: [dia] });
    expect(expectErrorShape(nameless).errors.name).toBeDefined();
    const festival = (await t.app.inject('/api/events/festival-demo')).json().data;
    const foreignType = await as(who.manager, 'POST', url, {
      name: 'Alheio',
      capacity: 5,
      ticket_type_ids: [dia, festival.ticket_types[0].id],
    });
    expect(foreignType.statusCode).toBe(422);
    const refusal = expectErrorShape(foreignType);
    expect(refusal.code).toBe('type_not_in_event');
    expect(refusal.errors.ticket_type_ids).toEqual(['Choose only ticket types of this event.']);
    expect((await as(who.manager, 'GET', url)).json().data).toHaveLength(1);

    // another organiser's event, or this group through another organiser: 404
    expect((await as(who.stranger, 'GET', url)).statusCode).toBe(404);
    expect((await as(who.stranger, 'GET', `${base(otherOrg)}/${ev.id}/capacity-groups`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await as(who.stranger, 'PATCH', `${base(otherOrg)}/${ev.id}/capacity-groups/${group.id}`, {
          capacity: 9,
        })
      ).statusCode,
    ).toBe(404);
    const missing = await as(who.manager, 'PATCH', `${url}/999999`, { capacity: 9 });
    expect(missing.statusCode).toBe(404);
    expect(expectErrorShape(missing).code).toBe('capacity_group_not_found');

    // changes: name, capacity, members
    const changed = await as(who.manager, 'PATCH', `${url}/${group.id}`, {
      name: 'Zona VIP Norte',
      capacity: 400,
      ticket_type_ids: [tres, geral],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Zona VIP Norte', capacity: 400 });
    expect(changed.json().data.ticket_type_ids).toEqual([tres, geral].sort((a, b) => a - b));

    const removed = await as(who.manager, 'DELETE', `${url}/${group.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.message).toBe('Deleted.');
    expect((await as(who.manager, 'GET', url)).json().data).toEqual([]);
  });
});

describe('a group of 10 shared by two types', () => {
  let ev: Awaited<ReturnType<typeof publishedEvent>>;
  let group: Group;

  it('sells exactly 10 tickets to 40 buyers racing for both types; none oversold after payment', async () => {
    ev = await publishedEvent('Concerto Partilhado', ['Plateia dia', 'Plateia 3 dias']);
    const [a, b] = ev.typeIds as [number, number];
    group = await addGroup(ev.id, { name: 'Plateia', capacity: 10, ticket_type_ids: [a, b] });
    const tokens = await buyers(40);
    const statuses: number[] = [];
    const refusals: { code: string; message: string }[] = [];
    const results = await Promise.all(
      tokens.map(async (token, i) => {
        const created = await order(token, ev.id, [{ ticket_id: i % 2 ? a : b, qty: 1 }]);
        statuses.push(created.statusCode);
        if (created.statusCode !== 201) {
          refusals.push(created.json());
          return false;
        }
        const paid = await pay(token, created.json().data.id);
        statuses.push(paid.statusCode);
        return paid.statusCode === 200 && paid.json().data.order.status === 'paid';
      }),
    );
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(refusals).toHaveLength(30);
    for (const r of refusals) expect(r.code).toBe('group_full');
    expect(refusals[0]!.message).toMatch(
      /^There are not enough tickets left: “Plateia (3 )?dias?” \(shared capacity “Plateia”\)/,
    );
    expect(await groupRow(group.id)).toEqual({ capacity: 10, reserved: 0, sold: 10 });
    const [types] = await queryRows<{ sold: number; reserved: number }>(
      t.database.db,
      sql`SELECT sum(sold)::int AS sold, sum(reserved)::int AS reserved FROM ticket_types WHERE id IN (${a}, ${b})`,
    );
    expect(types).toEqual({ sold: 10, reserved: 0 });
    const [issued] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM customer_tickets WHERE ticket_type_id IN (${a}, ${b})`,
    );
    expect(issued!.n).toBe(10);
    expect(await moneyInvariantViolations(t.database.db, baseline)).toEqual([]);
  }, 120_000);

  it('the event page and the cart show both types sold out while the group is full', async () => {
    const page = await eventPage(ev.slug);
    expect(page.ticket_types.map((x) => x.available)).toEqual([0, 0]);
    expect(page.status).toBe('sold_out');
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/carts/add-item',
      headers: { 'visitor-id': '5555666677778888', 'x-locale': 'en' },
      payload: { event_id: ev.id, ticket_id: ev.typeIds[0], amount: 1 },
    });
    expect(cart.statusCode).toBe(422);
    expect(expectErrorShape(cart).code).toBe('sold_out');
  });

  it('keeps its sold places: no capacity below them (422), no deleting (409)', async () => {
    const url = `${base()}/${ev.id}/capacity-groups/${group.id}`;
    const below = await as(who.manager, 'PATCH', url, { capacity: 9 });
    expect(below.statusCode).toBe(422);
    expect(expectErrorShape(below)).toMatchObject({
      code: 'capacity_below_held',
      message: 'The capacity cannot be below the 10 places already sold or reserved.',
    });
    const gone = await as(who.manager, 'DELETE', url);
    expect(gone.statusCode).toBe(409);
    expect(expectErrorShape(gone).code).toBe('capacity_group_has_sales');
    // more places: the page offers them again
    expect((await as(who.manager, 'PATCH', url, { capacity: 12 })).statusCode).toBe(200);
    expect((await eventPage(ev.slug)).ticket_types.map((x) => x.available)).toEqual([2, 2]);
  });
});

describe('places come back exactly as taken', () => {
  it('on expiry, even after the members changed; new orders claim by the new members', async () => {
    const ev = await publishedEvent('Feira das Quotas', ['Entrada', 'Entrada VIP']);
    const [entrada, vip] = ev.typeIds as [number, number];
    const group = await addGroup(ev.id, { name: 'Recinto', capacity: 5, ticket_type_ids: [entrada] });
    const [first, second] = await buyers(2);
    const held = await order(first!, ev.id, [{ ticket_id: entrada, qty: 3 }]);
    expect(held.statusCode, held.body).toBe(201);
    expect(await groupRow(group.id)).toMatchObject({ reserved: 3, sold: 0 });
    // the group now counts the VIP type only: the held order keeps what it took
    const moved = await as(who.manager, 'PATCH', `${base()}/${ev.id}/capacity-groups/${group.id}`, {
      ticket_type_ids: [vip],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ reserved: 3 });
    const more = await order(second!, ev.id, [
      { ticket_id: entrada, qty: 4 },
      { ticket_id: vip, qty: 2 },
    ]);
    expect(more.statusCode, more.body).toBe(201);
    expect(await groupRow(group.id)).toMatchObject({ reserved: 5 });
    // the group is full for VIP, not for the plain entrance any more
    const page = await eventPage(ev.slug);
    expect(page.ticket_types.find((x) => x.id === vip)!.available).toBe(0);
    expect(page.ticket_types.find((x) => x.id === entrada)!.available).toBe(93);
    await t.database.db.execute(
      sql`UPDATE orders SET expires_at = now() - interval '1 hour', created_at = now() - interval '2 hours'
          WHERE id IN (${held.json().data.id}, ${more.json().data.id})`,
    );
    expect(await expireOrders(t.database.db, new Date(), 15 * 60_000, 500)).toBe(2);
    expect(await groupRow(group.id)).toEqual({ capacity: 5, reserved: 0, sold: 0 });
    expect(await moneyInvariantViolations(t.database.db, baseline)).toEqual([]);
  });

  it("a new order replacing the buyer's pending one nets its places: the whole group can be re-ordered", async () => {
    const ev = await publishedEvent('Sarau das Quotas', ['Dia', 'Fim de semana']);
    const [dia, fim] = ev.typeIds as [number, number];
    const group = await addGroup(ev.id, { name: 'Jardim', capacity: 5, ticket_type_ids: [dia, fim] });
    const [buyer] = await buyers(1);
    expect((await order(buyer!, ev.id, [{ ticket_id: dia, qty: 3 }])).statusCode).toBe(201);
    const replaced = await order(buyer!, ev.id, [
      { ticket_id: dia, qty: 2 },
      { ticket_id: fim, qty: 3 },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(await groupRow(group.id)).toEqual({ capacity: 5, reserved: 5, sold: 0 });
    expect(await moneyInvariantViolations(t.database.db, baseline)).toEqual([]);
  });

  it('on a cancelled session: paid orders refunded and pending ones cancelled give their places back', async () => {
    const ev = await publishedEvent('Teatro das Quotas', ['Plateia', 'Balcão'], 2);
    const [plateia, balcao] = ev.typeIds as [number, number];
    const [s1, s2] = ev.sessionIds as [number, number];
    const group = await addGroup(ev.id, { name: 'Sala', capacity: 4, ticket_type_ids: [plateia, balcao] });
    const [payer, holder, late] = await buyers(3);
    const paid = await order(payer!, ev.id, [{ ticket_id: plateia, session_id: s1, qty: 2 }]);
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await pay(payer!, paid.json().data.id)).statusCode).toBe(200);
    const pending = await order(holder!, ev.id, [{ ticket_id: balcao, session_id: s1, qty: 2 }]);
    expect(pending.statusCode, pending.body).toBe(201);
    expect(await groupRow(group.id)).toMatchObject({ reserved: 2, sold: 2 });
    // the group is shared by every session: full in the other session too
    const full = await order(late!, ev.id, [{ ticket_id: plateia, session_id: s2, qty: 1 }]);
    expect(full.statusCode).toBe(409);
    expect(expectErrorShape(full).code).toBe('group_full');
    expect((await eventPage(ev.slug)).sessions.find((s) => s.id === s2)!.availability).toEqual({
      [String(plateia)]: 0,
      [String(balcao)]: 0,
    });

    const owner = await staffAs(t, { role: 'owner', organizerId: org });
    const cancelled = await as(owner, 'POST', `${base()}/${ev.id}/sessions/${s1}/cancel`, {
      reason: 'Sala inundada',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ refunded_orders: 1 });
    expect(await groupRow(group.id)).toEqual({ capacity: 4, reserved: 0, sold: 0 });
    const again = await order(late!, ev.id, [{ ticket_id: plateia, session_id: s2, qty: 4 }]);
    expect(again.statusCode, again.body).toBe(201);
    expect(await groupRow(group.id)).toMatchObject({ reserved: 4 });
    // (the refunded order's tickets stay issued, cancelled: "sold = issued" does not apply to them)
    const violations = await moneyInvariantViolations(t.database.db, baseline);
    expect(violations.filter((v) => !v.includes('sold − issued'))).toEqual([]);
  });
});
