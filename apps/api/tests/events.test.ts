import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, ticketTypes } from '../src/db/schema/index';
import { createTestApp, expectErrorShape, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type List = {
  data: { slug: string; name: string; city: string; status: string; min_price_cents: number | null }[];
  meta: { page: number; per_page: number; total: number; last_page: number };
};
const list = async (qs: string) => {
  const res = await t.app.inject(`/api/events${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<List>();
};

describe('GET /api/events', () => {
  it('lists the public events, never the private one, past events last', async () => {
    const { data, meta } = await list('');
    const slugs = data.map((e) => e.slug);
    expect(slugs).toEqual([
      'teatro-demo',
      'concerto-demo',
      'esgotado-demo',
      'festival-demo',
      'festival-passado',
    ]);
    expect(slugs).not.toContain('evento-privado');
    expect(meta).toEqual({ page: 1, per_page: 12, total: 5, last_page: 1 });
    const byslug = Object.fromEntries(data.map((e) => [e.slug, e]));
    expect(byslug['esgotado-demo']!.status).toBe('sold_out');
    expect(byslug['festival-passado']!.status).toBe('finished');
    expect(byslug['festival-demo']!.min_price_cents).toBe(3900);
  });

  it('searches by name or city, case- and accent-insensitively enough, wildcards taken literally', async () => {
    expect((await list('?search=FESTIVAL')).data.map((e) => e.slug)).toEqual([
      'festival-demo',
      'festival-passado',
    ]);
    expect((await list('?search=porto')).data.map((e) => e.slug)).toEqual([
      'teatro-demo',
      'festival-passado',
    ]);
    expect((await list('?search=privado')).data).toEqual([]);
    expect((await list('?search=%25')).meta.total).toBe(0);
    expect((await list('?search=_')).meta.total).toBe(0);
  });

  it('folds accents both ways: an accented search finds a plain name, a plain one an accented city', async () => {
    expect((await list(`?search=${encodeURIComponent('festivál')}`)).data.map((e) => e.slug)).toEqual([
      'festival-demo',
      'festival-passado',
    ]);
    expect((await list(`?search=${encodeURIComponent('CONCÉRTO')}`)).data.map((e) => e.slug)).toEqual([
      'concerto-demo',
    ]);
    await t.app.db.update(events).set({ city: 'Évora' }).where(eq(events.slug, 'festival-passado'));
    try {
      for (const q of ['evora', 'ÉVORA', 'évora'])
        expect(
          (await list(`?search=${encodeURIComponent(q)}`)).data.map((e) => e.slug),
          q,
        ).toEqual(['festival-passado']);
    } finally {
      await t.app.db.update(events).set({ city: 'Porto' }).where(eq(events.slug, 'festival-passado'));
    }
  });

  it('sorts by name and by location', async () => {
    expect((await list('?sort=name')).data.map((e) => e.slug)).toEqual([
      'concerto-demo',
      'esgotado-demo',
      'festival-demo',
      'teatro-demo',
      'festival-passado',
    ]);
    const byLocation = (await list('?sort=location')).data.filter((e) => e.status !== 'finished');
    expect(byLocation.map((e) => e.city)).toEqual(['Lisboa', 'Lisboa', 'Lisboa', 'Porto']);
  });

  it('pages, and a page past the end is empty', async () => {
    const p1 = await list('?per_page=2&page=1');
    const p3 = await list('?per_page=2&page=3');
    expect(p1.meta).toEqual({ page: 1, per_page: 2, total: 5, last_page: 3 });
    expect(p1.data).toHaveLength(2);
    expect(p3.data.map((e) => e.slug)).toEqual(['festival-passado']);
    expect((await list('?per_page=2&page=9')).data).toEqual([]);
  });

  it('filters upcoming events and events published after a moment', async () => {
    expect((await list('?upcoming=1')).data.map((e) => e.slug)).not.toContain('festival-passado');
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list(`?published_after=${encodeURIComponent(future)}`)).data).toEqual([]);
    expect((await list('?published_after=2000-01-01T00:00:00Z')).meta.total).toBe(5);
  });

  it('rejects bad query values with a localised 400 and never a 500', async () => {
    for (const qs of [
      '?sort=price',
      '?page=0',
      '?per_page=1000',
      '?page=abc',
      '?published_after=yesterday',
      `?search=${'x'.repeat(101)}`,
    ]) {
      const res = await t.app.inject({ url: `/api/events${qs}`, headers: { 'x-locale': 'en' } });
      expect(res.statusCode, qs).toBe(400);
      expect(expectErrorShape(res).code).toBe('validation_failed');
    }
  });
});

describe('GET /api/events/:slug', () => {
  it('answers an event with ticket types and availability', async () => {
    const res = await t.app.inject('/api/events/festival-demo');
    expect(res.statusCode).toBe(200);
    const e = res.json().data;
    expect(e).toMatchObject({
      slug: 'festival-demo',
      status: 'available',
      is_session: false,
      visibility: 'public',
    });
    expect(
      e.ticket_types.map((x: { name: string; price_cents: number; available: number }) => [
        x.name,
        x.price_cents,
        x.available,
      ]),
    ).toEqual([
      // the commerce seed sold Ana a pass and a day-1 ticket (paid demo order)
      ['Passe 3 dias', 8900, 1999],
      ['Bilhete diário — dia 1', 3900, 999],
      ['Bilhete diário — dia 2', 3900, 1000],
      ['Bilhete diário — dia 3', 3900, 1000],
    ]);
  });

  it('answers session events with per-session availability', async () => {
    const e = (await t.app.inject('/api/events/teatro-demo')).json().data;
    expect(e.is_session).toBe(true);
    expect(e.sessions).toHaveLength(6);
    expect(e.sessions[0].hour).toBe('17:00');
    const normal = e.ticket_types.find((x: { name: string }) => x.name === 'Normal').id;
    expect(e.sessions[0].availability[String(normal)]).toBe(120);
  });

  it('reflects stock immediately: a sold-out type is never shown as available', async () => {
    const before = (await t.app.inject('/api/events/concerto-demo')).json().data;
    const balcao = before.ticket_types.find((x: { name: string }) => x.name === 'Balcão');
    expect(balcao.available).toBe(400);
    await t.database.db.update(ticketTypes).set({ sold: 400 }).where(eq(ticketTypes.id, balcao.id));
    const after = (await t.app.inject('/api/events/concerto-demo')).json().data;
    expect(after.ticket_types.find((x: { id: number }) => x.id === balcao.id).available).toBe(0);
    await t.database.db.update(ticketTypes).set({ sold: 0 }).where(eq(ticketTypes.id, balcao.id));
  });

  it('opens a private event by its link', async () => {
    const res = await t.app.inject('/api/events/evento-privado');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.visibility).toBe('private');
  });

  it('answers a sold-out, finished and cancelled status', async () => {
    expect((await t.app.inject('/api/events/esgotado-demo')).json().data.status).toBe('sold_out');
    expect((await t.app.inject('/api/events/festival-passado')).json().data.status).toBe('finished');
    await t.database.db.update(events).set({ status: 'cancelled' }).where(eq(events.slug, 'concerto-demo'));
    expect((await t.app.inject('/api/events/concerto-demo')).json().data.status).toBe('cancelled');
    await t.database.db.update(events).set({ status: 'published' }).where(eq(events.slug, 'concerto-demo'));
  });

  it('answers an unknown or draft slug with the localised 404 of spec §8', async () => {
    for (const [locale, text] of [
      ['en', '404 Organizer/Event not found'],
      ['pt-pt', '404 Organizador/Evento não encontrado'],
      ['es', '404 Organizador/Evento no encontrado'],
    ] as const) {
      const res = await t.app.inject({ url: '/api/events/nao-existe', headers: { 'x-locale': locale } });
      expect(res.statusCode).toBe(404);
      expect(expectErrorShape(res).message).toBe(text);
    }
    await t.database.db.update(events).set({ status: 'draft' }).where(eq(events.slug, 'concerto-demo'));
    expect((await t.app.inject('/api/events/concerto-demo')).statusCode).toBe(404);
    await t.database.db.update(events).set({ status: 'published' }).where(eq(events.slug, 'concerto-demo'));
  });
});

describe('POST /api/organizers/:slug', () => {
  it('answers the organiser and their public events only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/organizers/promotora-demo' });
    expect(res.statusCode).toBe(200);
    const { organizer, events: list } = res.json().data;
    expect(organizer).toMatchObject({ slug: 'promotora-demo', name: 'Promotora Demo' });
    expect(list.map((e: { slug: string }) => e.slug)).not.toContain('evento-privado');
    expect(list).toHaveLength(5);
  });

  it('answers an unknown organiser with 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/organizers/ninguem',
      headers: { 'x-locale': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(expectErrorShape(res).message).toBe('404 Organizer/Event not found');
  });
});
