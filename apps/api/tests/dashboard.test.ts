import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, and, desc } from 'drizzle-orm';
import {
  contactMessages,
  customerTickets,
  events,
  outbox,
  ticketTypes,
  wallets,
} from '../src/db/schema/index';
import { randomToken } from '../src/lib/crypto';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

let t: TestApp;
let ana: string;
let rui: string;
const ids: Record<string, number> = {};

/** Gives a customer a ticket of an event (idempotent per call site: new token each time). */
async function giveTicket(customerId: number, slug: string) {
  const db = t.database.db;
  const [e] = await db.select().from(events).where(eq(events.slug, slug));
  const [type] = await db.select().from(ticketTypes).where(eq(ticketTypes.eventId, e!.id)).limit(1);
  await db
    .insert(customerTickets)
    .values({ token: randomToken(), customerId, eventId: e!.id, ticketTypeId: type!.id });
  return e!.id;
}

async function customerIdOf(token: string) {
  const res = await injectAs(t.app, token, { method: 'GET', url: '/api/customers/customer' });
  return res.json<{ data: { id: number } }>().data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t.app, DEMO.ana);
  rui = await login(t.app, DEMO.rui);
  const anaId = await customerIdOf(ana);
  const ruiId = await customerIdOf(rui);
  ids.anaId = anaId;
  ids.ruiId = ruiId;
  // Whatever other seeds gave Ana, make sure she holds an upcoming, a past and a wallet-only event.
  ids.festival = await giveTicket(anaId, 'festival-demo');
  ids.passado = await giveTicket(anaId, 'festival-passado');
  const [teatro] = await t.database.db.select().from(events).where(eq(events.slug, 'teatro-demo'));
  ids.teatro = teatro!.id;
  await t.database.db
    .insert(wallets)
    .values({ customerId: anaId, eventId: teatro!.id })
    .onConflictDoNothing();
  ids.concertoForRui = await giveTicket(ruiId, 'concerto-demo');
});
afterAll(() => t.close());

type EventsPage = {
  data: {
    id: number;
    slug: string;
    phase: string;
    tickets_count: number;
    has_wallet: boolean;
    wallet_enabled: boolean;
    address: string;
  }[];
  meta: { page: number; per_page: number; total: number; last_page: number };
};
const list = async (token: string, query: string) => {
  const res = await injectAs(t.app, token, { method: 'GET', url: `/api/customers/events?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<EventsPage>();
};

describe('GET /api/customers/events', () => {
  it('lists only the events the customer holds tickets or a wallet for', async () => {
    const page = await list(ana, 'filter=all');
    const slugs = page.data.map((e) => e.slug);
    expect(slugs).toEqual(expect.arrayContaining(['festival-demo', 'festival-passado', 'teatro-demo']));
    expect(slugs).not.toContain('evento-privado');
    const festival = page.data.find((e) => e.slug === 'festival-demo')!;
    expect(festival.tickets_count).toBeGreaterThanOrEqual(1);
    expect(festival.address).toContain('Lisboa');
    expect(page.data.find((e) => e.slug === 'teatro-demo')!.has_wallet).toBe(true);
    // the event area shows Wallet and Transactions only for an event with a cashless wallet
    expect(festival.wallet_enabled).toBe(true);
    expect(page.data.find((e) => e.slug === 'teatro-demo')!.wallet_enabled).toBe(false);
    // upcoming first, finished last
    expect(page.data.at(-1)!.phase).toBe('finalized');
  });

  it('filters Active, Soon and Finalized', async () => {
    const active = (await list(ana, 'filter=active')).data.map((e) => e.slug);
    const soon = (await list(ana, 'filter=soon')).data.map((e) => e.slug);
    const finalized = (await list(ana, 'filter=finalized')).data.map((e) => e.slug);
    expect(active).toContain('festival-demo');
    expect(active).not.toContain('festival-passado');
    expect(soon).toContain('festival-demo');
    expect(finalized).toEqual(expect.arrayContaining(['festival-passado']));
    expect(finalized).not.toContain('festival-demo');
  });

  it('paginates', async () => {
    const all = await list(ana, 'filter=all&per_page=50');
    const first = await list(ana, 'filter=all&per_page=1&page=1');
    const second = await list(ana, 'filter=all&per_page=1&page=2');
    expect(first.meta.total).toBe(all.meta.total);
    expect(first.meta.last_page).toBe(all.meta.total);
    expect(first.data).toHaveLength(1);
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
  });

  it('never shows another customer’s events and rejects bad input', async () => {
    const ruiPage = await list(rui, 'filter=all');
    expect(ruiPage.data.map((e) => e.slug)).toContain('concerto-demo');
    expect(ruiPage.data.map((e) => e.slug)).not.toContain('teatro-demo');
    const bad = await injectAs(t.app, ana, {
      method: 'GET',
      url: '/api/customers/events?filter=nope&page=-1',
    });
    expect(bad.statusCode).toBe(400);
    expectErrorShape(bad);
    const anon = await t.app.inject({ method: 'GET', url: '/api/customers/events' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('event info, calendar and messages', () => {
  it('answers the info of the customer’s event with maps and calendar links', async () => {
    const res = await injectAs(t.app, ana, { method: 'GET', url: `/api/customers/events/${ids.festival}` });
    expect(res.statusCode).toBe(200);
    const info = res.json<{ data: Record<string, string> }>().data;
    expect(info.contact_email).toMatch(/@/);
    expect(info.map_osm_url).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=38\.7633/);
    expect(info.map_google_url).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(info.google_calendar_url).toMatch(/action=TEMPLATE/);
    expect(info.google_calendar_url).toMatch(/dates=\d{8}T\d{6}Z%2F\d{8}T\d{6}Z/);
  });

  it('answers 404 for an event the customer holds nothing for (no peeking)', async () => {
    const res = await injectAs(t.app, ana, {
      method: 'GET',
      url: `/api/customers/events/${ids.concertoForRui}`,
    });
    // Ana might hold concerto tickets from another seed; Rui never holds teatro.
    const other = await injectAs(t.app, rui, { method: 'GET', url: `/api/customers/events/${ids.teatro}` });
    expect(other.statusCode).toBe(404);
    expect([200, 404]).toContain(res.statusCode);
    const cal = await injectAs(t.app, rui, {
      method: 'GET',
      url: `/api/customers/events/${ids.teatro}/calendar`,
    });
    expect(cal.statusCode).toBe(404);
  });

  it('downloads a valid .ics', async () => {
    const res = await injectAs(t.app, ana, {
      method: 'GET',
      url: `/api/customers/events/${ids.festival}/calendar`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/calendar/);
    expect(res.headers['content-disposition']).toMatch(/festival-demo\.ics/);
    expect(res.body).toMatch(/^BEGIN:VCALENDAR/);
    expect(res.body).toMatch(/BEGIN:VEVENT[\s\S]*DTSTART:\d{8}T\d{6}Z[\s\S]*END:VEVENT/);
    expect(res.body).toContain('Parque Tejo');
  });

  it('sends a message to the organiser: stored, emailed, rate-limited', async () => {
    const send = (message: string) =>
      injectAs(t.app, rui, {
        method: 'POST',
        url: `/api/customers/events/${ids.concertoForRui}/message`,
        payload: { subject: 'Acessibilidade', message },
      });
    const ok = await send('Olá, o recinto tem acesso para cadeira de rodas?');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: { message: string } }>().data.message).toMatch(/enviada/);
    const [stored] = await t.database.db
      .select()
      .from(contactMessages)
      .where(and(eq(contactMessages.customerId, ids.ruiId!), eq(contactMessages.kind, 'organizer')));
    expect(stored!.message).toContain('cadeira de rodas');
    const [mail] = await t.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(mail!.body).toContain('cadeira de rodas');
    expect(mail!.meta.reply_to).toBeTruthy();

    const short = await send('curta');
    expect(short.statusCode).toBe(400);
    expect(expectErrorShape(short).errors.message).toBeTruthy();

    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await send(`Mensagem de teste número ${i}`)).statusCode);
    expect(codes).toContain(429);
  });

  it('refuses a message about someone else’s event', async () => {
    const res = await injectAs(t.app, rui, {
      method: 'POST',
      url: `/api/customers/events/${ids.teatro}/message`,
      payload: { message: 'Mensagem suficientemente longa' },
    });
    expect(res.statusCode).toBe(404);
  });
});
