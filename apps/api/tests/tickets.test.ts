import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CustomerTicketView } from '@bilheteira/shared/schemas/tickets';
import { customerTickets } from '../src/db/schema/index';
import { issueTicketsForOrder } from '../src/modules/tickets/ticket-issuing.service';
import { parseTicketToken, verifyTicketSignature } from '../src/modules/tickets/ticket-token';
import { findEventSigningKey } from '../src/modules/tickets/signing-key.repository';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';
import { eventIdOf, issueTickets } from './tickets.fixtures';

let t: TestApp;
let ana: string;
let rui: string;
let festivalId: number;
let concertId: number;
let pass: { ids: number[]; tokens: string[]; orderId: number };
/** tickets the demo seed already gave (Ana's paid festival order), counted before ours */
const seeded = { ana: 0, anaFestival: 0, rui: 0 };
const countTickets = async (token: string, eventId?: number) =>
  (
    await injectAs(t.app, token, {
      method: 'GET',
      url: `/api/customers/tickets${eventId ? `?event_id=${eventId}` : ''}`,
    })
  ).json<{ data: unknown[] }>().data.length;

beforeAll(async () => {
  // Business-rule tests: a loaded test machine must not shed their requests as overload.
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  ana = await login(t.app, DEMO.ana);
  rui = await login(t.app, DEMO.rui);
  festivalId = await eventIdOf(t, 'festival-demo');
  concertId = await eventIdOf(t, 'concerto-demo');
  seeded.ana = await countTickets(ana);
  seeded.anaFestival = await countTickets(ana, festivalId);
  seeded.rui = await countTickets(rui);
  pass = await issueTickets(t, {
    mobile: '+351912345678',
    slug: 'festival-demo',
    typeName: 'Passe 3 dias',
    qty: 2,
  });
  await issueTickets(t, { mobile: '+351912345678', slug: 'concerto-demo', typeName: 'Plateia', qty: 1 });
  await issueTickets(t, {
    mobile: '+351913456789',
    slug: 'festival-demo',
    typeName: 'Bilhete diário — dia 1',
    qty: 1,
  });
});
afterAll(() => t.close());

describe('issueTicketsForOrder', () => {
  it('issues one ticket per unit with unique signed tokens, exactly once per order', async () => {
    expect(pass.ids).toHaveLength(2);
    expect(new Set(pass.tokens).size).toBe(2);
    const key = await findEventSigningKey(t.database.db, festivalId);
    for (const token of pass.tokens) {
      const parsed = parseTicketToken(token)!;
      expect(parsed.eventId).toBe(festivalId);
      expect(verifyTicketSignature(key!.publicKey, parsed)).toBe(true);
    }
    const again = await t.database.db.transaction((tx) =>
      issueTicketsForOrder(
        tx,
        {
          orderId: pass.orderId,
          customerId: 1,
          eventId: festivalId,
          lines: [{ ticketTypeId: 1, sessionId: null, qty: 5 }],
        },
        new Date(),
      ),
    );
    expect(again).toEqual(pass.ids);
    const rows = await t.database.db
      .select({ id: customerTickets.id })
      .from(customerTickets)
      .where(eq(customerTickets.orderId, pass.orderId));
    expect(rows).toHaveLength(2);
  });

  it('refuses a ticket type of another event', async () => {
    const { orders } = await import('../src/db/schema/index');
    const [o] = await t.database.db
      .insert(orders)
      .values({
        reference: 'T-wrong-type',
        customerId: 1,
        eventId: concertId,
        status: 'paid',
        subtotalCents: 0,
        serviceCents: 0,
        totalCents: 0,
        expiresAt: new Date(),
      })
      .returning({ id: orders.id });
    const festivalType = (
      await t.database.db.select().from(customerTickets).where(eq(customerTickets.id, pass.ids[0]!))
    )[0]!.ticketTypeId;
    await expect(
      t.database.db.transaction((tx) =>
        issueTicketsForOrder(
          tx,
          {
            orderId: o!.id,
            customerId: 1,
            eventId: concertId,
            lines: [{ ticketTypeId: festivalType, sessionId: null, qty: 1 }],
          },
          new Date(),
        ),
      ),
    ).rejects.toThrow(/another event|belong/);
  });
});

describe('GET /api/customers/tickets', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customers/tickets' });
    expect(res.statusCode).toBe(401);
    expectErrorShape(res);
  });

  it("answers only the customer's tickets with the fields of spec §3", async () => {
    const res = await injectAs(t.app, ana, { method: 'GET', url: '/api/customers/tickets' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: CustomerTicketView[] }>();
    expect(data).toHaveLength(seeded.ana + 3);
    const first = data.find((d) => d.id === pass.ids[0])!;
    expect(first).toMatchObject({
      token: pass.tokens[0],
      event: { id: festivalId, slug: 'festival-demo', is_session: false },
      ticket: { name: 'Passe 3 dias' },
      status: { name: 'waiting' },
      checkinlist: [],
    });
    expect(JSON.parse(first.ticket.period_days)).toHaveLength(3);
    expect(first.session_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.session_hour).toMatch(/^\d{2}:\d{2}$/);
    expect(first.duration).toBeGreaterThan(0);
    const ruiRes = await injectAs(t.app, rui, { method: 'GET', url: '/api/customers/tickets' });
    expect(ruiRes.json<{ data: unknown[] }>().data).toHaveLength(seeded.rui + 1);
  });

  it('filters by event through event_id or the Event-Id header', async () => {
    const byQuery = await injectAs(t.app, ana, {
      method: 'GET',
      url: `/api/customers/tickets?event_id=${concertId}`,
    });
    expect(byQuery.json<{ data: { event: { id: number } }[] }>().data.map((d) => d.event.id)).toEqual([
      concertId,
    ]);
    const byHeader = await injectAs(t.app, ana, {
      method: 'GET',
      url: '/api/customers/tickets',
      headers: { 'event-id': String(festivalId) },
    });
    expect(byHeader.json<{ data: unknown[] }>().data).toHaveLength(seeded.anaFestival + 2);
    const bad = await injectAs(t.app, ana, { method: 'GET', url: '/api/customers/tickets?event_id=abc' });
    expect(bad.statusCode).toBe(400);
    expectErrorShape(bad);
  });
});

describe('GET /api/customers/ticket-validated/{token}', () => {
  it('answers the status object and check-in list to the owner', async () => {
    const res = await injectAs(t.app, ana, {
      method: 'GET',
      url: `/api/customers/ticket-validated/${encodeURIComponent(pass.tokens[0]!)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { name: 'waiting', ticket_name: 'Passe 3 dias', multi_day: true, checkinlist: [], transfers: [] },
    });
  });

  it('answers 404 to anyone else and for garbage, localised', async () => {
    const other = await injectAs(t.app, rui, {
      method: 'GET',
      url: `/api/customers/ticket-validated/${encodeURIComponent(pass.tokens[0]!)}`,
      headers: { 'x-locale': 'en' },
    });
    expect(other.statusCode).toBe(404);
    expect(expectErrorShape(other).message).toBe('Ticket not found.');
    const garbage = await injectAs(t.app, ana, {
      method: 'GET',
      url: '/api/customers/ticket-validated/nothing-here',
    });
    expect(garbage.statusCode).toBe(404);
    const long = await injectAs(t.app, ana, {
      method: 'GET',
      url: `/api/customers/ticket-validated/${'x'.repeat(300)}`,
    });
    expect(long.statusCode).toBe(400);
  });
});
