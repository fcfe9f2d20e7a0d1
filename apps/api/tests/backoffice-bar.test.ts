/**
 * Issue 27 item 5 in the back office: an event's stations (tills) and bracelet batches. A
 * bar manager adds a bar and gets its key once; the tills' API accepts that key, and refuses
 * it once rotated or the station disabled; a batch file is imported all or nothing, with
 * problems named by line in the caller's language; roles without `bar.manage` and other
 * organisers get nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inDays,
  newDraftEvent,
  newOrganizer,
  staffAs,
  staffCall,
  type StaffSession,
} from './backoffice-sessions';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let org: number;
let event: number;
let manager: StaffSession;
let base: string;

/** What a till hears with this key (the blocklist: a cheap authenticated GET). */
const tillStatus = async (key: string) =>
  (await t.app.inject({ url: '/api/stations/blocklist', headers: { 'x-station-key': key } })).statusCode;

const call = (
  who: StaffSession,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  locale?: string,
) => staffCall(t, who, method, url, payload, locale);

beforeAll(async () => {
  t = await createTestApp();
  org = await newOrganizer(t);
  const owner = await staffAs(t, { role: 'owner', organizerId: org });
  manager = await staffAs(t, { role: 'bar_manager', organizerId: org });
  event = await newDraftEvent(t, owner, org, { name: 'Festival da Praia' });
  base = `/api/backoffice/organizers/${org}/events/${event}`;
});
afterAll(() => t.close());

describe('stations', () => {
  it('a bar manager adds a bar: its key works at the till once, is rotated and disabled', async () => {
    const created = await call(manager, 'POST', `${base}/stations`, { name: 'Bar Norte', role: 'bar' });
    expect(created.statusCode, created.body).toBe(201);
    const station = created.json().data;
    expect(created.json().message).toBe('Posto criado. Guarde a chave: não voltará a ser mostrada.');
    expect(station).toMatchObject({ name: 'Bar Norte', role: 'bar', status: 'active' });
    expect(station.key).toMatch(/^st_[\w-]{40,}$/);
    expect(await tillStatus(station.key)).toBe(200);

    // the list never shows a key
    const list = await call(manager, 'GET', `${base}/stations`);
    expect(list.json().data).toEqual([expect.not.objectContaining({ key: expect.anything() })]);

    const rotated = (await call(manager, 'POST', `${base}/stations/${station.id}/rotate-key`)).json().data;
    expect(rotated.key).not.toBe(station.key);
    expect(await tillStatus(station.key)).toBe(401);
    expect(await tillStatus(rotated.key)).toBe(200);

    const renamed = await call(manager, 'PATCH', `${base}/stations/${station.id}`, {
      name: 'Bar Norte 2',
      role: 'shop',
      status: 'disabled',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Bar Norte 2', role: 'shop', status: 'disabled' });
    expect(await tillStatus(rotated.key)).toBe(401);
  });

  it('a refund desk pays cash back only: a top-up from its key is refused per transaction', async () => {
    const desk = (
      await call(manager, 'POST', `${base}/stations`, { name: 'Reembolsos', role: 'refund_desk' })
    ).json().data;
    expect(desk.role).toBe('refund_desk');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stations/transactions',
      headers: { 'x-station-key': desk.key },
      payload: {
        transactions: [
          {
            id: 'desk-1',
            bracelet: '123456',
            type: 'topup',
            amount_cents: 1000,
            occurred_at: new Date().toISOString(),
          },
        ],
      },
    });
    expect(res.json().data.results).toEqual([
      { id: 'desk-1', status: 'rejected', reason: 'not_allowed_for_station' },
    ]);
  });

  it('refuses bad input in the caller’s language and changes nothing', async () => {
    const before = (await call(manager, 'GET', `${base}/stations`)).json().data.length;
    const bad = await call(manager, 'POST', `${base}/stations`, { name: ' ', role: 'casino' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'role']);
    const empty = await call(manager, 'PATCH', `${base}/stations/999999`, { name: 'X' });
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe('Posto não encontrado.');
    expect((await call(manager, 'GET', `${base}/stations`)).json().data.length).toBe(before);
  });

  it('a station of another organiser’s event is not found; bar staff and door staff are refused', async () => {
    const otherOrg = await newOrganizer(t);
    const otherOwner = await staffAs(t, { role: 'owner', organizerId: otherOrg });
    const mine = (await call(manager, 'POST', `${base}/stations`, { name: 'Bar Sul', role: 'bar' })).json()
      .data;
    // the other organiser's owner, with the other organiser's path and this station's id
    const otherEvent = await newDraftEvent(t, otherOwner, otherOrg);
    const steal = await call(
      otherOwner,
      'POST',
      `/api/backoffice/organizers/${otherOrg}/events/${otherEvent}/stations/${mine.id}/rotate-key`,
    );
    expect(steal.statusCode).toBe(404);
    for (const role of ['bar_staff', 'door_staff', 'viewer'] as const) {
      const who = await staffAs(t, { role, organizerId: org });
      expect((await call(who, 'POST', `${base}/stations`, { name: 'X', role: 'bar' })).statusCode).toBe(403);
    }
  });
});

describe('end of shift', () => {
  it('each till’s sales, top-ups and cash back in a window, to the cent', async () => {
    const owner = await staffAs(t, { role: 'owner', organizerId: org });
    // tills record from 48 h before the doors open: an event tomorrow
    const soon = await newDraftEvent(t, owner, org, {
      name: 'Arraial de Amanhã',
      starts_at: inDays(1),
      ends_at: inDays(2),
      wallet_enabled: true,
    });
    const at = `/api/backoffice/organizers/${org}/events/${soon}`;
    const station = async (name: string, role: string) =>
      (await call(manager, 'POST', `${at}/stations`, { name, role })).json().data;
    const [cash, bar] = [await station('Caixa', 'topup'), await station('Bar Chafariz', 'bar')];
    const bracelet = { uid: '04ABCDEF010203', code: '987650' };
    expect(
      (await call(manager, 'POST', `${at}/bracelets/import`, { csv: `${bracelet.uid},${bracelet.code}` }))
        .statusCode,
    ).toBe(201);
    const till = (key: string, id: string, type: string, cents: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stations/transactions',
        headers: { 'x-station-key': key },
        payload: {
          transactions: [
            {
              id,
              bracelet: bracelet.code,
              type,
              amount_cents: cents,
              occurred_at: new Date().toISOString(),
              items: [],
            },
          ],
        },
      });
    const loaded = await till(cash.key, 'shift-1', 'topup', 2000);
    expect(loaded.json().data.results[0], loaded.body).toMatchObject({ status: 'accepted' });
    expect((await till(bar.key, 'shift-2', 'consumption', 450)).json().data.results[0]).toMatchObject({
      status: 'accepted',
    });
    expect((await till(bar.key, 'shift-3', 'consumption', 325)).json().data.results[0]).toMatchObject({
      status: 'accepted',
    });

    const from = new Date(Date.now() - 3600_000).toISOString();
    const to = new Date(Date.now() + 3600_000).toISOString();
    const totals = await call(
      manager,
      'GET',
      `${at}/stations/totals?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(totals.statusCode, totals.body).toBe(200);
    expect(totals.json().data).toEqual([
      {
        station_id: cash.id,
        name: 'Caixa',
        sales_cents: 0,
        sales: 0,
        topups_cents: 2000,
        topups: 1,
        cash_back_cents: 0,
        cash_backs: 0,
      },
      {
        station_id: bar.id,
        name: 'Bar Chafariz',
        sales_cents: 775,
        sales: 2,
        topups_cents: 0,
        topups: 0,
        cash_back_cents: 0,
        cash_backs: 0,
      },
    ]);
    // an earlier shift saw nothing; a window ending before it starts is refused in words
    const before = await call(
      manager,
      'GET',
      `${at}/stations/totals?from=${encodeURIComponent(new Date(Date.now() - 7200_000).toISOString())}&to=${encodeURIComponent(from)}`,
    );
    expect(before.json().data.every((r: { sales: number; topups: number }) => r.sales + r.topups === 0)).toBe(
      true,
    );
    const bad = await call(
      manager,
      'GET',
      `${at}/stations/totals?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.to).toEqual(['O fim tem de ser depois do início.']);
  });
});

describe('bracelet batches', () => {
  const csv = (rows: string[]) => ['uid,code,secret', ...rows].join('\r\n');
  const uid = (i: number) => `04AA${String(event).padStart(4, '0')}${String(i).padStart(6, '0')}`;
  const code = (i: number) => String(700000 + event * 100 + i).slice(-6);

  it('imports a batch of 50; the list pages, searches and counts them', async () => {
    const rows = Array.from(
      { length: 50 },
      (_, i) => `${uid(i)};${code(i)};SEGR${'ABCDEFGHJK'[i % 10]}${'23456789'[i % 8]}XY`,
    );
    const res = await call(manager, 'POST', `${base}/bracelets/import`, { csv: csv(rows) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ data: { imported: 50 }, message: '50 pulseiras importadas.' });
    const list = await call(manager, 'GET', `${base}/bracelets`);
    expect(list.json().meta).toMatchObject({ total: 50, active: 50, linked: 0, blocked: 0, per_page: 50 });
    const found = await call(manager, 'GET', `${base}/bracelets?q=${code(7)}`);
    expect(found.json().data).toEqual([
      expect.objectContaining({ code: code(7), uid: uid(7), has_secret: true }),
    ]);
  });

  it('a file with a bad line, a repeated code or a bracelet already known imports nothing', async () => {
    const before = (await call(manager, 'GET', `${base}/bracelets`)).json().meta.total;
    const bad = await call(
      manager,
      'POST',
      `${base}/bracelets/import`,
      { csv: csv([`${uid(90)},${code(90)}`, `XYZ,${code(91)}`, `${uid(92)},${code(90)}`]) },
      'es',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'El archivo tiene errores; no se importó nada. Corrija las líneas indicadas.',
    );
    expect(Object.keys(bad.json().errors).sort()).toEqual(['csv.3.uid', 'csv.4.code']);
    const known = await call(manager, 'POST', `${base}/bracelets/import`, {
      csv: csv([`${uid(95)},${code(95)}`, `${uid(1)},${code(96)}`]),
    });
    expect(known.statusCode).toBe(409);
    expect(known.json().code).toBe('bracelet_taken');
    expect((await call(manager, 'GET', `${base}/bracelets`)).json().meta.total).toBe(before);
  });

  it('the same batch imported twice at once is taken once', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => `${uid(200 + i)},${code(60 + i)}`);
    const results = await Promise.all(
      [1, 2, 3].map(() => call(manager, 'POST', `${base}/bracelets/import`, { csv: csv(rows) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });
});
