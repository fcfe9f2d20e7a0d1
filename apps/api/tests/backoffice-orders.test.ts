/**
 * Orders and attendees in the back office (issue 27 item 2, first part): the organiser's team
 * finds an order of its events by reference, name, surname, mobile, email, ticket token or
 * ticket id, with filters, sorting and pages; reads its whole story (buyer, lines, payments,
 * tickets with check-ins and gate, messages, audit) as one timeline; resends the tickets. Another
 * organiser's orders are never reached; bad input is a localised 400; the search's statements
 * have an index path for every big table (EXPLAIN with sequential scans switched off).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderResponse } from '@bilheteira/shared/schemas/backoffice-orders';
import { queryRows } from '../src/db/client';
import {
  auditLog,
  customerTickets,
  customers,
  organizers,
  outbox,
  ticketTypes,
} from '../src/db/schema/index';
import { createSession } from '../src/modules/identity/session.service';
import {
  orderSearchQueries,
  findOrderAudit,
  findOrderMessages,
} from '../src/modules/orders/orders.admin.repository';
import { readOrderSearch } from '../src/modules/orders/order-search-terms';
import { asStaff, newOrganizer, staffAs, type StaffSession } from './backoffice-sessions';
import { createTestApp, expectErrorShape, injectAs, type TestApp } from './helpers';
import { DOOR_KEY, eventIdOf, festivalStartsToday } from './tickets.fixtures';

let t: TestApp;
let orgA: number;
let orgB: number;
let festival: number;
let concert: number;
let eventB: number;
const staff = {} as Record<
  'owner' | 'finance' | 'viewer' | 'door_supervisor' | 'door_staff' | 'event_manager' | 'ownerB',
  StaffSession
>;
const ids = { paid: 0, concertOrder: 0, pending: 0, other: 0 };
const ines = {
  first: 'Inês',
  last: 'Moura Quintas',
  email: 'ines.quintas@example.pt',
  mobile: '+351934000111',
};
const bruno = { first: 'Bruno', last: 'Zagalo', email: 'bruno.zagalo@example.pt', mobile: '+351934000222' };
let inesToken = '';
let brunoToken = '';

const base = (org = orgA) => `/api/backoffice/organizers/${org}/orders`;
const get = (who: StaffSession, url: string, locale = 'pt-pt') =>
  asStaff(t, who, { method: 'GET', url, headers: { 'x-locale': locale } });
const resend = (who: StaffSession, orderId: number, locale = 'pt-pt', org = orgA) =>
  asStaff(t, who, { method: 'POST', url: `${base(org)}/${orderId}/resend`, headers: { 'x-locale': locale } });

/** The ids of the orders a search of the organiser's orders finds. */
async function found(query: string, who = staff.owner, org = orgA): Promise<number[]> {
  const res = await get(who, `${base(org)}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((o) => o.id);
}
const q = (text: string) => `q=${encodeURIComponent(text)}`;

async function customer(p: typeof ines): Promise<string> {
  const [row] = await t.database.db
    .insert(customers)
    .values({
      firstName: p.first,
      lastName: p.last,
      email: p.email,
      mobile: p.mobile,
      status: 'active',
      emailVerifiedAt: new Date(),
      mobileVerifiedAt: new Date(),
    })
    .returning({ id: customers.id });
  return createSession(t.database.db, row!.id, new Date());
}

async function buy(token: string, eventId: number, items: object[], pay = true): Promise<number> {
  const created = await injectAs(t.app, token, {
    method: 'POST',
    url: '/api/orders',
    payload: { event_id: eventId, include_cart: false, items },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  if (pay) {
    const paid = await injectAs(t.app, token, {
      method: 'POST',
      url: `/api/orders/${id}/pay`,
      payload: { method: 'card', card: { number: '4242424242424242', expiry: '12/2099', name: 'Comprador' } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return id;
}

const typeOf = async (eventId: number, name: string) =>
  (
    await t.database.db
      .select({ id: ticketTypes.id })
      .from(ticketTypes)
      .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.name, name)))
  )[0]!.id;

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 600_000 } });
  const db = t.database.db;
  orgA = (await db.select().from(organizers).where(eq(organizers.slug, 'promotora-demo')))[0]!.id;
  orgB = await newOrganizer(t);
  festival = await eventIdOf(t, 'festival-demo');
  concert = await eventIdOf(t, 'concerto-demo');
  await festivalStartsToday(t);
  for (const role of [
    'owner',
    'finance',
    'viewer',
    'door_supervisor',
    'door_staff',
    'event_manager',
  ] as const)
    staff[role] = await staffAs(t, { role, organizerId: orgA });
  staff.ownerB = await staffAs(t, { role: 'owner', organizerId: orgB });
  const created = await asStaff(t, staff.ownerB, {
    method: 'POST',
    url: `/api/backoffice/organizers/${orgB}/events`,
    payload: {
      name: 'Outro Festival',
      address: 'Rua B, Porto',
      contact_email: 'b@example.pt',
      starts_at: '2099-06-01T20:00:00Z',
      ends_at: '2099-06-01T23:00:00Z',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  eventB = created.json().data.id;
  const typeB = await asStaff(t, staff.ownerB, {
    method: 'POST',
    url: `/api/backoffice/organizers/${orgB}/events/${eventB}/ticket-types`,
    payload: { name: 'Geral', price_cents: 1500, quantity: 100 },
  });
  expect(typeB.statusCode, typeB.body).toBe(201);
  const published = await asStaff(t, staff.ownerB, {
    method: 'POST',
    url: `/api/backoffice/organizers/${orgB}/events/${eventB}/publish`,
    payload: { visibility: 'public' },
  });
  expect(published.statusCode, published.body).toBe(200);

  inesToken = await customer(ines);
  brunoToken = await customer(bruno);
  ids.paid = await buy(inesToken, festival, [
    { ticket_id: await typeOf(festival, 'Bilhete diário — dia 1'), qty: 2 },
  ]);
  ids.concertOrder = await buy(brunoToken, concert, [
    { ticket_id: await typeOf(concert, 'Plateia'), qty: 1 },
  ]);
  ids.pending = await buy(
    brunoToken,
    festival,
    [{ ticket_id: await typeOf(festival, 'Passe 3 dias'), qty: 1 }],
    false,
  );
  ids.other = await buy(inesToken, eventB, [{ ticket_id: typeB.json().data.id, qty: 1 }]);
});
afterAll(() => t.close());

describe('GET …/orders: search', () => {
  it('finds an order by reference, name, surname, mobile, email, ticket token and ticket id', async () => {
    const order = (await get(staff.owner, `${base()}/${ids.paid}`)).json().data as { reference: string };
    const tickets = await t.database.db
      .select({ id: customerTickets.id, token: customerTickets.token })
      .from(customerTickets)
      .where(eq(customerTickets.orderId, ids.paid));
    expect(tickets).toHaveLength(2);
    for (const text of [
      order.reference,
      order.reference.toLowerCase(),
      'Inês',
      'inês moura',
      'Moura Qui',
      '934 000 111',
      '+351934000111',
      '00351 934000111',
      'INES.Quintas@example.pt',
      tickets[1]!.token,
      String(tickets[0]!.id),
    ]) {
      const hits = await found(q(text));
      expect(hits, text).toContain(ids.paid);
      // Inês' order at the other organiser is never among them
      expect(hits, text).not.toContain(ids.other);
      expect(hits, text).not.toContain(ids.concertOrder);
    }
    // the buyer, as the list shows them
    const row = (await get(staff.owner, `${base()}?${q(ines.email)}`)).json().data[0];
    expect(row).toMatchObject({
      id: ids.paid,
      status: 'paid',
      quantity: 2,
      event: { id: festival, name: 'Festival Demo' },
      buyer: { name: 'Inês Moura Quintas', email: ines.email, mobile: ines.mobile, erased: false },
    });
  });

  it('takes the text literally: % and _ are letters, and a wrong guess finds nothing', async () => {
    expect((await found('')).length).toBeGreaterThan(2);
    for (const text of ['%', '%%', '_n%', '\\', "' OR 1=1 --", 'Inês%', 'nobody-at-all@example.pt'])
      expect(await found(q(text)), text).toEqual([]);
  });

  it('filters by event and status, sorts by date or total, and pages with the total', async () => {
    const concertOnly = await found(`event_id=${concert}`);
    expect(concertOnly).toContain(ids.concertOrder);
    expect(concertOnly).not.toContain(ids.paid);
    expect(await found(`status=pending&${q('bruno')}`)).toEqual([ids.pending]);
    expect(await found(`status=paid&${q('bruno')}`)).toEqual([ids.concertOrder]);
    // another organiser's event id finds nothing here
    expect(await found(`event_id=${eventB}`)).toEqual([]);

    const byTotal = (await get(staff.owner, `${base()}?sort=total_cents&dir=desc&per_page=100`)).json()
      .data as { total_cents: number }[];
    const totals = byTotal.map((o) => o.total_cents);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const newest = (await get(staff.owner, `${base()}?per_page=100`)).json().data as { created_at: string }[];
    const dates = newest.map((o) => o.created_at);
    expect(dates).toEqual([...dates].sort().reverse());

    const all = (await get(staff.owner, `${base()}?per_page=100`)).json();
    const page2 = (await get(staff.owner, `${base()}?per_page=1&page=2`)).json();
    expect(page2.meta).toEqual({ page: 2, per_page: 1, total: all.meta.total, last_page: all.meta.total });
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0].id).toBe(all.data[1].id);
  });

  it('each statement of a search has an index path to every big table (EXPLAIN, sequential scans off)', async () => {
    const big =
      /Seq Scan on (orders|customers|customer_tickets|order_lines|revoked_tokens|outbox|audit_log)\b/;
    const plans: string[] = [];
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const explain = async (statement: { getSQL(): ReturnType<typeof sql> }) => {
          const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${statement.getSQL()}`);
          plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
        };
        for (const text of [
          '',
          'B2345ABCDE',
          'Inês Mou',
          '934000111',
          'ines.quintas@example.pt',
          'BT1.1.2.3.x',
        ]) {
          const { page, count } = orderSearchQueries(tx, {
            terms: readOrderSearch(text),
            eventIds: text ? [festival, concert] : [festival],
            status: null,
            sort: 'created_at',
            dir: 'desc',
            page: 1,
            perPage: 20,
          });
          await explain(page);
          await explain(count);
        }
        await explain(findOrderMessages(tx, { orderId: ids.paid, eventId: festival, customerId: 1 }));
        await explain(findOrderAudit(tx, { orderId: ids.paid, paymentIds: [1, 2], ticketIds: [3] }));
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
    expect(plans.length).toBe(14);
    for (const plan of plans) expect(plan, plan).not.toMatch(big);
  });
});

describe('GET …/orders/:orderId: the whole story', () => {
  it('tells buyer, lines, payment, tickets with the check-in and its gate, messages and audit as one timeline', async () => {
    const [ticket] = await t.database.db
      .select({ token: customerTickets.token })
      .from(customerTickets)
      .where(eq(customerTickets.orderId, ids.paid));
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: { 'x-device-key': DOOR_KEY },
      payload: { token: ticket!.token, nonce: randomUUID() },
    });
    expect(scan.statusCode, scan.body).toBe(200);

    const res = await get(staff.viewer, `${base()}/${ids.paid}`);
    expect(res.statusCode, res.body).toBe(200);
    const story = adminOrderResponse.parse(res.json()).data;
    expect(story.buyer).toMatchObject({ name: 'Inês Moura Quintas', email: ines.email, mobile: ines.mobile });
    expect(story.lines).toEqual([
      expect.objectContaining({ kind: 'ticket', description: expect.stringContaining('dia 1'), qty: 2 }),
    ]);
    expect(story.subtotal_cents + story.service_cents).toBe(story.total_cents);
    expect(story.payments).toEqual([
      expect.objectContaining({
        provider: 'sandbox',
        method: 'card',
        status: 'approved',
        amount_cents: story.total_cents,
      }),
    ]);
    expect(story.payments[0]!.provider_ref).toBeTruthy();
    expect(story.tickets).toHaveLength(2);
    const entered = story.tickets.find((x) => x.checkins.length)!;
    expect(entered.checkins[0]).toMatchObject({ gate: 'Porta principal', offline: false });
    expect(entered.holder).toMatchObject({ name: 'Inês Moura Quintas', transferred: false });
    expect(entered.token_end).toBe(ticket!.token.slice(-6));
    // the admission itself is never in the answer
    expect(res.body).not.toContain(ticket!.token);
    expect(story.messages).toEqual([
      expect.objectContaining({ channel: 'email', recipient: ines.email, kind: 'order_paid' }),
    ]);
    const kinds = story.timeline.map((e) => e.kind);
    for (const k of [
      'order_created',
      'payment_started',
      'order_paid',
      'tickets_issued',
      'checkin',
      'message',
    ])
      expect(kinds, k).toContain(k);
    // the log's order.create tells who placed it (the buyer), on the order's own entry
    expect(story.timeline[0]).toMatchObject({ kind: 'order_created', actor: { kind: 'buyer' } });
    const times = story.timeline.map((e) => e.at);
    expect(times).toEqual([...times].sort());
    expect(story.can_resend).toBe(true);
  });

  it("answers 404 for another organiser's order, by id or through the other organiser", async () => {
    for (const [who, url] of [
      [staff.owner, `${base()}/${ids.other}`],
      [staff.owner, `${base(orgB)}/${ids.other}`],
      [staff.ownerB, `${base(orgB)}/${ids.paid}`],
      [staff.owner, `${base()}/999999`],
    ] as const) {
      const res = await get(who, url);
      expect(res.statusCode, url).toBe(404);
      expect(expectErrorShape(res).code).not.toBe('');
    }
    expect(await found('', staff.ownerB, orgB)).toEqual([ids.other]);
    const resent = await resend(staff.owner, ids.other);
    expect(resent.statusCode).toBe(404);
  });
});

describe('POST …/orders/:orderId/resend', () => {
  it('queues the paid order’s email again to the buyer, audited; needs orders.refund', async () => {
    const before = await t.database.db.select().from(outbox).where(eq(outbox.recipient, ines.email));
    const res = await resend(staff.owner, ids.paid, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { recipient: ines.email, tickets: 2 },
      message: `Tickets sent again to ${ines.email}.`,
    });
    const after = await t.database.db.select().from(outbox).where(eq(outbox.recipient, ines.email));
    expect(after.length).toBe(before.length + 1);
    const email = after.at(-1)!;
    expect(email.meta).toMatchObject({
      kind: 'order_paid',
      order_id: ids.paid,
      resent_by: `staff:${staff.owner.userId}`,
    });
    // the same email as at payment: the tickets with their tokens (a confirmed address)
    const tokens = await t.database.db
      .select({ token: customerTickets.token })
      .from(customerTickets)
      .where(eq(customerTickets.orderId, ids.paid));
    for (const x of tokens) expect(email.body).toContain(x.token);
    expect(email.subject).toBe(before.find((m) => m.meta.kind === 'order_paid')!.subject);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.tickets_resent'), eq(auditLog.entityId, String(ids.paid))));
    expect(audited).toEqual([
      expect.objectContaining({ actor: `staff:${staff.owner.userId}`, entity: 'order' }),
    ]);

    // the story shows both: the message and who resent it
    const story = (await get(staff.viewer, `${base()}/${ids.paid}`)).json().data as {
      messages: unknown[];
      timeline: {
        kind: string;
        action: string | null;
        actor: { kind: string; name: string | null } | null;
      }[];
    };
    expect(story.messages).toHaveLength(2);
    expect(story.timeline.find((e) => e.action === 'order.tickets_resent')?.actor).toEqual({
      kind: 'staff',
      name: expect.any(String),
    });

    expect((await resend(staff.finance, ids.paid)).statusCode).toBe(200);
    for (const who of ['viewer', 'door_supervisor', 'event_manager', 'door_staff'] as const)
      expect((await resend(staff[who], ids.paid)).statusCode, who).toBe(403);
    // door staff do not read orders at all
    expect((await get(staff.door_staff, base())).statusCode).toBe(403);
    expect((await get(staff.door_staff, `${base()}/${ids.paid}`)).statusCode).toBe(403);
  });

  it('refuses an order that is not paid, in the reader’s language', async () => {
    for (const [locale, text] of [
      ['pt-pt', 'Só é possível reenviar os bilhetes de uma encomenda paga.'],
      ['en', 'Tickets can only be sent again for a paid order.'],
      ['es', 'Solo se pueden reenviar las entradas de un pedido pagado.'],
    ] as const) {
      const res = await resend(staff.owner, ids.pending, locale);
      expect(res.statusCode).toBe(409);
      expect(expectErrorShape(res)).toMatchObject({ code: 'order_not_paid', message: text });
    }
    const story = (await get(staff.owner, `${base()}/${ids.pending}`)).json().data;
    expect(story).toMatchObject({ status: 'pending', can_resend: false, tickets: [] });
  });
});

describe('bad input', () => {
  it('answers a localised 400, never a 500', async () => {
    const bad = [
      `${base()}?${q('x'.repeat(300))}`,
      `${base()}?${q('abc\u0000def')}`,
      `${base()}?status=lost`,
      `${base()}?sort=reference`,
      `${base()}?dir=up`,
      `${base()}?event_id=abc`,
      `${base()}?event_id=-1`,
      `${base()}?page=0`,
      `${base()}?per_page=1000`,
      `${base()}/abc`,
      `${base()}/99999999999`,
    ];
    const messages = { 'pt-pt': new Set<string>(), en: new Set<string>(), es: new Set<string>() };
    for (const url of bad)
      for (const locale of ['pt-pt', 'en', 'es'] as const) {
        const res = await get(staff.owner, url, locale);
        expect(res.statusCode, `${url} ${locale}`).toBe(400);
        messages[locale].add(expectErrorShape(res).message);
      }
    // three languages, three different texts
    const [pt, en, es] = [messages['pt-pt'], messages.en, messages.es].map((s) => [...s].sort().join('|'));
    expect(new Set([pt, en, es]).size).toBe(3);
    const tooLong = await get(staff.owner, `${base()}?${q('x'.repeat(300))}`, 'en');
    expect(expectErrorShape(tooLong).errors.q).toBeDefined();
    const resent = await resend(staff.owner, 0);
    expect(resent.statusCode).toBe(400);
  });
});

describe('erased buyers', () => {
  it('shows no personal data of a buyer who asked to be forgotten, and cannot resend to them', async () => {
    const rows = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT customer_id AS id FROM orders WHERE id = ${ids.concertOrder}`,
    );
    await t.database.db
      .update(customers)
      .set({ status: 'erased', email: null, mobile: null, firstName: '', lastName: '', erasedAt: new Date() })
      .where(eq(customers.id, rows[0]!.id));
    const story = (await get(staff.owner, `${base()}/${ids.concertOrder}`)).json().data;
    expect(story.buyer).toEqual({
      customer_id: rows[0]!.id,
      name: '',
      email: null,
      mobile: null,
      erased: true,
    });
    expect(story.can_resend).toBe(false);
    const res = await resend(staff.owner, ids.concertOrder, 'es');
    expect(res.statusCode).toBe(409);
    expect(expectErrorShape(res).code).toBe('buyer_without_email');
  });
});
