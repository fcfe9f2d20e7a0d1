/**
 * Organisers create and run their own events (issue 26 items 3-5), end to end through the API
 * as the demo owner and freshly invited team members: create → ticket types → sessions →
 * publish → the public catalogue and event page (en/es with pt-PT fallback); private links;
 * tenancy (another organiser's ids answer 404 on every route); roles; bad input; concurrent
 * publishes; the rules on sold ticket types.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { auditLog, events, organizers, outbox, rateLimits, ticketTypes } from '../src/db/schema/index';
import { createEvent } from '../src/modules/events/events.admin.service';
import { DEMO_STAFF } from '../src/seed/staff.seed';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

let t: TestApp;
interface Session {
  cookie: string;
  csrf: string;
}
const sessions: Record<string, Session> = {};
let org = 0;
let otherOrg = 0;
let otherEventId = 0;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** One call as `s`; the write limit (its own test in backoffice-staff.test.ts) starts afresh each time. */
async function as(s: Session | null, method: Method, url: string, payload?: unknown, locale = 'pt-pt') {
  await t.database.db.delete(rateLimits).where(like(rateLimits.key, 'staff-write:%'));
  return t.app.inject({
    method,
    url,
    cookies: s ? { bh_staff: s.cookie } : {},
    headers: { 'x-locale': locale, ...(s ? { 'x-csrf-token': s.csrf } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function signIn(email: string, password: string, totpSecret?: string): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login',
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const s = {
    cookie: res.cookies.find((c) => c.name === 'bh_staff')!.value,
    csrf: (res.json().data as { csrf_token: string }).csrf_token,
  };
  if (totpSecret) {
    const code = await generate({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) });
    const ok = await as(s, 'POST', '/api/backoffice/auth/second-factor', { code });
    expect(ok.statusCode, ok.body).toBe(200);
  }
  return s;
}

/** The owner invites `email` with `role`; they accept and sign in (no second factor for these roles). */
async function member(role: string): Promise<Session> {
  const email = `${role.replace('_', '-')}@promotora-demo.pt`;
  const invited = await as(sessions.owner!, 'POST', `/api/backoffice/organizers/${org}/invitations`, {
    email,
    role,
  });
  expect(invited.statusCode, invited.body).toBe(200);
  const rows = await t.database.db.select().from(outbox).where(eq(outbox.recipient, email));
  const token = String(rows.at(-1)!.meta.link).split('/invitations/')[1]!;
  const password = `${role}!2026-segura`;
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/backoffice/invitations/${token}/accept`,
    payload: { name: role, password },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return signIn(email, password);
}

const base = (o = org) => `/api/backoffice/organizers/${o}/events`;
const inDays = (d: number, h = 20) => {
  const x = new Date(Date.now() + d * 86_400_000);
  x.setUTCHours(h, 0, 0, 0);
  return x.toISOString();
};
const festival = (extra: Record<string, unknown> = {}) => ({
  name: 'Festival do Rio',
  information: 'Três dias de música junto ao rio.',
  terms: 'Proibida a entrada a menores de 6 anos.',
  translations: { en: { name: 'River Festival', information: 'Three days of music by the river.' } },
  venue_name: 'Parque Ribeirinho',
  address: 'Avenida do Rio 1, Lisboa',
  city: 'Lisboa',
  latitude: 38.7,
  longitude: -9.1,
  timezone: 'Europe/Lisbon',
  contact_email: 'rio@promotora-demo.pt',
  starts_at: inDays(40, 16),
  ends_at: inDays(42, 23),
  service_fee_bp: 400,
  transfer_allowed: true,
  transfer_until_hours: 24,
  transfer_max_count: 2,
  embed_origins: ['https://www.festival-do-rio.pt/'],
  ...extra,
});
const publicList = async (locale = 'pt-pt') =>
  (await t.app.inject({ url: '/api/events?per_page=100', headers: { 'x-locale': locale } })).json().data as {
    slug: string;
    name: string;
  }[];

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 600_000 } });
  const db = t.database.db;
  org = (await db.select().from(organizers).where(eq(organizers.slug, 'promotora-demo')))[0]!.id;
  const [other] = await db
    .insert(organizers)
    .values({ slug: 'outra-promotora', name: 'Outra Promotora', email: 'geral@outra.pt' })
    .returning();
  otherOrg = other!.id;
  const otherEvent = await createEvent(
    db,
    otherOrg,
    {
      name: 'Evento da Outra',
      address: 'Porto',
      contact_email: 'x@outra.pt',
      starts_at: inDays(20),
      ends_at: inDays(21),
    },
    'test',
    new Date(),
  );
  otherEventId = otherEvent.id;
  sessions.owner = await signIn(
    DEMO_STAFF.owner.email,
    DEMO_STAFF.owner.password,
    DEMO_STAFF.owner.totpSecret,
  );
  sessions.manager = await member('event_manager');
  sessions.door = await member('door_staff');
  sessions.viewer = await member('viewer');
}, 240_000);
afterAll(() => t.close());

describe('an event from draft to the public site', () => {
  let eventId = 0;
  let slug = '';
  let passId = 0;

  it('an event manager creates a draft: not public yet, audited with the staff user', async () => {
    const res = await as(sessions.manager!, 'POST', base(), festival(), 'en');
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(res.json().message).toBe('Event created as a draft.');
    expect(data).toMatchObject({
      slug: 'festival-do-rio',
      status: 'draft',
      visibility: 'public',
      public_path: 'festival-do-rio',
      latitude: 38.7,
      transfer_until_hours: 24,
      transfer_max_count: 2,
      embed_origins: ['https://www.festival-do-rio.pt'],
      service_fee_vat_percent: 23,
      published_at: null,
    });
    eventId = data.id;
    slug = data.slug;
    expect((await t.app.inject(`/api/events/${slug}`)).statusCode).toBe(404);
    expect((await publicList()).map((e) => e.slug)).not.toContain(slug);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.created'), eq(auditLog.entityId, String(eventId))));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actor).toMatch(/^staff:\d+$/);
    // the same name again gets a free slug
    const again = await as(sessions.manager!, 'POST', base(), festival());
    expect(again.json().data.slug).toBe('festival-do-rio-2');
  });

  it('cannot publish without a ticket type; adds types (VAT presets), days; sessions only for session events', async () => {
    const early = await as(sessions.manager!, 'POST', `${base()}/${eventId}/publish`, {
      visibility: 'public',
    });
    expect(early.statusCode).toBe(422);
    expect(expectErrorShape(early).code).toBe('event_incomplete');
    const days = [0, 1, 2].map((i) => inDays(40 + i).slice(0, 10));
    const pass = await as(sessions.manager!, 'POST', `${base()}/${eventId}/ticket-types`, {
      name: 'Passe 3 dias',
      translations: { es: { name: 'Abono 3 días' } },
      price_cents: 7500,
      vat_percent: 6,
      quantity: 100,
      max_per_order: 4,
      period_days: days,
    });
    expect(pass.statusCode, pass.body).toBe(201);
    passId = pass.json().data.id;
    const azores = await as(sessions.manager!, 'POST', `${base()}/${eventId}/ticket-types`, {
      name: 'Convidado',
      price_cents: 0,
      vat_percent: 4,
      quantity: 10,
      hidden: true,
    });
    expect(azores.json().data).toMatchObject({ vat_percent: 4, hidden: true, sort_order: 1 });
    const dayCaps = await as(sessions.manager!, 'PUT', `${base()}/${eventId}/days`, {
      days: days.map((day) => ({ day, capacity: 80 })),
    });
    expect(dayCaps.statusCode, dayCaps.body).toBe(200);
    expect(dayCaps.json().data).toHaveLength(3);
    const session = await as(sessions.manager!, 'POST', `${base()}/${eventId}/sessions`, {
      date: days[0],
      hour: '21:00',
    });
    expect(session.statusCode).toBe(422);
    expect(expectErrorShape(session).code).toBe('event_not_session');
  });

  it('publishes: listed in the catalogue and on the event page in en and es, falling back to pt-PT', async () => {
    const res = await as(sessions.manager!, 'POST', `${base()}/${eventId}/publish`, { visibility: 'public' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'published', public_path: slug });
    expect((await publicList('en')).find((e) => e.slug === slug)?.name).toBe('River Festival');
    expect((await publicList('es')).find((e) => e.slug === slug)?.name).toBe('Festival do Rio');
    const en = (await t.app.inject({ url: `/api/events/${slug}`, headers: { 'x-locale': 'en' } })).json()
      .data;
    expect(en).toMatchObject({
      name: 'River Festival',
      information: 'Three days of music by the river.',
      terms: 'Proibida a entrada a menores de 6 anos.',
      venue_name: 'Parque Ribeirinho',
      min_price_cents: 7500,
    });
    // the hidden type is not on the page
    expect(en.ticket_types.map((x: { name: string }) => x.name)).toEqual(['Passe 3 dias']);
    const es = (await t.app.inject({ url: `/api/events/${slug}`, headers: { 'x-locale': 'es' } })).json()
      .data;
    expect(es.name).toBe('Festival do Rio');
    expect(es.ticket_types[0].name).toBe('Abono 3 días');
    // the organiser page and the sitemap list it too
    const page = await t.app.inject({ method: 'POST', url: '/api/organizers/promotora-demo' });
    expect(page.json().data.events.map((e: { slug: string }) => e.slug)).toContain(slug);
    expect((await t.app.inject('/sitemap.xml')).body).toContain(`/events/${slug}`);
  });

  it('edits (the slug of a published event stays), previews in a language, duplicates as a draft', async () => {
    const edit = await as(sessions.manager!, 'PATCH', `${base()}/${eventId}`, {
      translations: { en: { name: 'River Fest' }, es: { name: 'Festival del Río' } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const es = (await t.app.inject({ url: `/api/events/${slug}`, headers: { 'x-locale': 'es' } })).json()
      .data;
    expect(es.name).toBe('Festival del Río');
    const slugChange = await as(
      sessions.manager!,
      'PATCH',
      `${base()}/${eventId}`,
      { slug: 'outro-nome' },
      'en',
    );
    expect(slugChange.statusCode).toBe(400);
    expect(expectErrorShape(slugChange).errors.slug).toEqual([
      'A published event keeps its address: people already have it.',
    ]);
    const preview = await as(sessions.viewer!, 'GET', `${base()}/${eventId}/preview`, undefined, 'en');
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.name).toBe('River Fest');
    const copy = await as(sessions.manager!, 'POST', `${base()}/${eventId}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().data).toMatchObject({
      slug: `${slug}-copia`,
      status: 'draft',
      name: 'Festival do Rio (cópia)',
    });
    expect(copy.json().data.ticket_types.map((x: { sold: number }) => x.sold)).toEqual([0, 0]);
    expect(copy.json().data.days).toHaveLength(3);
    const list = await as(sessions.viewer!, 'GET', `${base()}?status=draft&search=rio&sort=name&dir=desc`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.every((e: { status: string }) => e.status === 'draft')).toBe(true);
    expect(list.json().data.map((e: { slug: string }) => e.slug)).toContain(`${slug}-copia`);
  });

  it('a type with open orders keeps its stock floor and cannot be deleted; unpublish takes it off the site', async () => {
    const ana = await login(t.app, DEMO.ana);
    const order = await injectAs(t.app, ana, {
      method: 'POST',
      url: '/api/orders',
      payload: { event_id: eventId, include_cart: false, items: [{ ticket_id: passId, qty: 3 }] },
    });
    expect(order.statusCode, order.body).toBe(201);
    const tooLow = await as(
      sessions.manager!,
      'PATCH',
      `${base()}/${eventId}/ticket-types/${passId}`,
      { quantity: 2 },
      'en',
    );
    expect(tooLow.statusCode).toBe(422);
    expect(expectErrorShape(tooLow).message).toContain('3 places already sold or reserved');
    const del = await as(sessions.manager!, 'DELETE', `${base()}/${eventId}/ticket-types/${passId}`);
    expect(del.statusCode).toBe(409);
    expect(expectErrorShape(del).code).toBe('ticket_type_has_orders');
    const down = await as(sessions.manager!, 'POST', `${base()}/${eventId}/unpublish`);
    expect(down.statusCode).toBe(200);
    expect((await t.app.inject(`/api/events/${slug}`)).statusCode).toBe(404);
    expect((await as(sessions.manager!, 'POST', `${base()}/${eventId}/unpublish`)).statusCode).toBe(409);
  });
});

describe('private events', () => {
  it('get a random link: the slug finds nothing, the link works for the page and the cart', async () => {
    const created = await as(
      sessions.owner!,
      'POST',
      base(),
      festival({ name: 'Jantar Privado', slug: 'jantar-privado' }),
    );
    const id = created.json().data.id;
    const type = await as(sessions.owner!, 'POST', `${base()}/${id}/ticket-types`, {
      name: 'Convite',
      price_cents: 1000,
      quantity: 50,
    });
    const res = await as(sessions.owner!, 'POST', `${base()}/${id}/publish`, { visibility: 'private' });
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json().data.public_path as string;
    expect(link).toMatch(/^[0-9a-f]{40}$/);
    expect((await t.app.inject('/api/events/jantar-privado')).statusCode).toBe(404);
    const page = await t.app.inject(`/api/events/${link}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ slug: link, visibility: 'private' });
    expect((await publicList()).map((e) => e.slug)).not.toContain(link);
    const add = (event_slug: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/carts/add-item',
        headers: { 'visitor-id': '9234567890123456' },
        payload: { event_id: id, event_slug, ticket_id: type.json().data.id, amount: 1 },
      });
    expect((await add('jantar-privado')).statusCode).toBe(404);
    expect((await add(link)).statusCode).toBe(200);
  });
});

describe('rules and bad input', () => {
  it('a sold ticket type keeps its price and is never deleted; other fields change', async () => {
    const [sold] = await queryRows<{ id: number; event_id: number; price_cents: number; sold: number }>(
      t.database.db,
      sql`SELECT id, event_id, price_cents, sold FROM ticket_types WHERE sold > 0 AND event_id IN
          (SELECT id FROM events WHERE organizer_id = ${org} AND slug = 'festival-demo') ORDER BY id LIMIT 1`,
    );
    const url = `${base()}/${sold!.event_id}/ticket-types/${sold!.id}`;
    const price = await as(sessions.owner!, 'PATCH', url, { price_cents: 1 }, 'es');
    expect(price.statusCode).toBe(409);
    expect(expectErrorShape(price)).toMatchObject({ code: 'ticket_type_price_locked' });
    expect(expectErrorShape(price).message).toContain('no puede cambiar');
    expect((await as(sessions.owner!, 'DELETE', url)).statusCode).toBe(409);
    expect((await as(sessions.owner!, 'PATCH', url, { description: 'Acesso aos 3 dias' })).statusCode).toBe(
      200,
    );
    const [row] = await t.database.db.select().from(ticketTypes).where(eq(ticketTypes.id, sold!.id));
    expect(row!.priceCents).toBe(sold!.price_cents);
    // door staff cannot touch prices at all
    expect((await as(sessions.door!, 'PATCH', url, { price_cents: 100 })).statusCode).toBe(403);
    expect((await as(sessions.viewer!, 'PATCH', url, { description: 'x' })).statusCode).toBe(403);
  });

  it('refuses bad input with localised field errors and changes nothing', async () => {
    const count = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(events))[0]!.n;
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        festival({ timezone: 'Mars/Olympus' }),
        'timezone',
        'Unknown time zone. Pick one from the list (e.g. Europe/Lisbon).',
      ],
      [festival({ ends_at: inDays(39) }), 'ends_at', 'The end must be after the start.'],
      [festival({ service_fee_bp: -5 }), 'service_fee_bp', ''],
      [festival({ information: 'x'.repeat(20_001) }), 'information', ''],
      [festival({ embed_origins: ['javascript:alert(1)'] }), 'embed_origins.0', ''],
      [festival({ unknown_field: 1 }), '', ''],
    ];
    for (const [payload, field, message] of cases) {
      const res = await as(sessions.owner!, 'POST', base(), payload, 'en');
      expect(res.statusCode, field).toBe(400);
      const body = expectErrorShape(res);
      if (field)
        expect(
          Object.keys(body.errors).some((k) => k.startsWith(field)),
          field,
        ).toBe(true);
      if (message) expect(body.errors[field]).toEqual([message]);
    }
    const huge = await as(
      sessions.owner!,
      'POST',
      base(),
      festival({ information: 'x'.repeat(10 * 1024 * 1024) }),
      'en',
    );
    expect(huge.statusCode).toBe(413);
    expect(expectErrorShape(huge).code).toBe('payload_too_large');
    expect(await count()).toBe(before);

    const fest = (await as(sessions.owner!, 'GET', `${base()}?search=festival-demo`)).json().data[0];
    for (const [payload, field] of [
      [{ name: 'X', price_cents: -100, quantity: 1 }, 'price_cents'],
      [{ name: 'X', price_cents: 100, quantity: 1, vat_percent: 99 }, 'vat_percent'],
      [{ name: 'X', price_cents: 100, quantity: 1, min_per_order: 5, max_per_order: 2 }, 'max_per_order'],
    ] as const) {
      const res = await as(sessions.owner!, 'POST', `${base()}/${fest.id}/ticket-types`, payload, 'es');
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(expectErrorShape(res).errors)).toContain(field);
    }
    // the merged event is checked too: a new end before the stored start
    const res = await as(
      sessions.owner!,
      'PATCH',
      `${base()}/${fest.id}`,
      { ends_at: '2000-01-01T00:00:00Z' },
      'pt-pt',
    );
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).errors.ends_at).toEqual(['O fim tem de ser depois do início.']);
  });

  it('a session event with sales keeps its sessions; a new time zone keeps the wall-clock hours', async () => {
    const teatro = (await as(sessions.owner!, 'GET', `${base()}?search=teatro-demo`)).json().data[0];
    await t.database.db.execute(sql`UPDATE ticket_types SET sold = 1 WHERE event_id = ${teatro.id}`);
    const off = await as(sessions.owner!, 'PATCH', `${base()}/${teatro.id}`, { is_session: false }, 'en');
    expect(off.statusCode).toBe(409);
    expect(expectErrorShape(off).code).toBe('event_has_sales');
    const before = (await as(sessions.owner!, 'GET', `${base()}/${teatro.id}`)).json().data.sessions[0];
    const moved = await as(sessions.owner!, 'PATCH', `${base()}/${teatro.id}`, {
      timezone: 'Atlantic/Azores',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json().data.sessions[0];
    expect(after).toMatchObject({ date: before.date, hour: before.hour });
    // the Azores are one hour behind Lisbon all year
    expect(Date.parse(after.starts_at) - Date.parse(before.starts_at)).toBe(3_600_000);
    const back = await as(sessions.owner!, 'PATCH', `${base()}/${teatro.id}`, { timezone: 'Europe/Lisbon' });
    expect(back.json().data.sessions[0].starts_at).toBe(before.starts_at);
  });

  it('twenty concurrent publishes change the event once', async () => {
    const created = await as(sessions.owner!, 'POST', base(), festival({ name: 'Concerto Concorrido' }));
    const id = created.json().data.id;
    await as(sessions.owner!, 'POST', `${base()}/${id}/ticket-types`, {
      name: 'Geral',
      price_cents: 2000,
      quantity: 100,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        as(sessions.owner!, 'POST', `${base()}/${id}/publish`, { visibility: 'public' }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.published'), eq(auditLog.entityId, String(id))));
    expect(audited).toHaveLength(1);
  });
});

describe('transfer policy', () => {
  it("the organiser's policy stops a transfer: off, or past the number of times", async () => {
    const fest = (await as(sessions.owner!, 'GET', `${base()}?search=festival-demo`)).json().data[0];
    const ana = await login(t.app, DEMO.ana);
    const [ticket] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT ct.id FROM customer_tickets ct JOIN customers c ON c.id = ct.customer_id
          WHERE c.mobile = '+351912345678' AND ct.event_id = ${fest.id} AND ct.state = 'active' ORDER BY ct.id LIMIT 1`,
    );
    const transfer = () =>
      injectAs(t.app, ana, {
        method: 'POST',
        url: '/api/customers/transfer-ticket',
        headers: { 'x-locale': 'en' },
        payload: { customer_ticket_id: ticket!.id, mobile_country_code: '351', mobile: '936000111' },
      });
    await as(sessions.owner!, 'PATCH', `${base()}/${fest.id}`, { transfer_allowed: false });
    const off = await transfer();
    expect(off.statusCode).toBe(422);
    expect(expectErrorShape(off)).toMatchObject({ code: 'transfers_not_allowed' });
    await as(sessions.owner!, 'PATCH', `${base()}/${fest.id}`, {
      transfer_allowed: true,
      transfer_max_count: 0,
    });
    const limit = await transfer();
    expect(expectErrorShape(limit)).toMatchObject({
      code: 'transfer_limit_reached',
      message: 'This ticket has already been transferred the maximum number of times (0).',
    });
    await as(sessions.owner!, 'PATCH', `${base()}/${fest.id}`, { transfer_max_count: null });
    expect((await transfer()).statusCode).toBe(200);
  });
});

describe('authorisation matrix: every back-office events route × role × own/other organiser', () => {
  it(
    'another organiser answers 404, door staff 403, no session 401, a viewer never changes anything',
    { timeout: 240_000 },
    async () => {
      const doc = (await t.app.inject('/api/docs/json')).json<{
        paths: Record<string, Record<string, unknown>>;
      }>();
      const own = (await as(sessions.owner!, 'GET', `${base()}?search=teatro-demo`)).json().data[0];
      const ownEvent = (await as(sessions.owner!, 'GET', `${base()}/${own.id}`)).json().data;
      // this module's routes answer exactly; other back-office routes under events/ (pricing) never a 2xx
      const mine =
        /\/(events|events\/\{eventId\}(\/(duplicate|preview|publish|unpublish|days|ticket-types(\/\{typeId\})?|sessions(\/\{sessionId\})?))?)$/;
      const ops = Object.entries(doc.paths)
        .filter(([p]) => p.startsWith('/api/backoffice/organizers/{organizerId}/events'))
        .flatMap(([p, methods]) =>
          Object.keys(methods).map((m) => ({ path: p, method: m.toUpperCase() as Method })),
        );
      expect(ops.filter((o) => mine.test(o.path)).length).toBe(15);
      const fill = (path: string, organizerId: number, eventId: number) =>
        path
          .replace('{organizerId}', String(organizerId))
          .replace('{eventId}', String(eventId))
          .replace('{typeId}', String(ownEvent.ticket_types[0].id))
          .replace('{sessionId}', String(ownEvent.sessions[0].id))
          .replace(/\{\w+\}/g, '1');
      for (const { path, method } of ops) {
        const label = `${method} ${path}`;
        const ownUrl = fill(path, org, own.id);
        const body = method === 'GET' || method === 'DELETE' ? undefined : {};
        const exact = mine.test(path);
        const expectStatus = (status: number, wanted: number, what: string) =>
          exact ? expect(status, what).toBe(wanted) : expect(status, what).toBeGreaterThanOrEqual(400);
        for (const who of ['owner', 'manager', 'door', 'viewer'] as const) {
          // another organiser's id: 404 for everyone, whatever the body
          const other = await as(sessions[who]!, method, fill(path, otherOrg, otherEventId), body);
          expectStatus(other.statusCode, 404, `${who} ${label}`);
          // another organiser's event under one's own organiser: never a 2xx, never its data
          if (path.includes('{eventId}')) {
            const res = await as(sessions[who]!, method, fill(path, org, otherEventId), body);
            expect(res.statusCode, `${who} ${label} other event`).toBeGreaterThanOrEqual(400);
            expect(res.body).not.toContain('Evento da Outra');
          }
        }
        expectStatus((await as(null, method, ownUrl, body)).statusCode, 401, `anonymous ${label}`);
        expectStatus((await as(sessions.door!, method, ownUrl, body)).statusCode, 403, `door ${label}`);
        if (method !== 'GET')
          expectStatus((await as(sessions.viewer!, method, ownUrl, body)).statusCode, 403, `viewer ${label}`);
      }
    },
  );
});
