/**
 * Issue 27 item 4, check-in lists: an owner makes a list of one ticket type at gate "VIP" and
 * puts a door device on it; the door admits that type and refuses another with `not_on_list`,
 * naming the list and gate in the request's language; a device without a list admits as
 * before. Types, sessions and days must be the event's (400); another organiser's lists and
 * events are not found; a list in use is not deleted; editing it applies at the next scan.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkinDevices, events, ticketTypes } from '../src/db/schema/index';
import { newDraftEvent, newOrganizer, staffAs, staffCall, type StaffSession } from './backoffice-sessions';
import { createTestApp, type TestApp } from './helpers';
import { eventIdOf, festivalStartsToday, issueTickets } from './tickets.fixtures';

let t: TestApp;
let org: number;
let owner: StaffSession;
let base: string;
let days: string[];
let dayType: number;
let passType: number;
const ANA = '+351912345678';

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, locale?: string) =>
  staffCall(t, owner, method, url, payload, locale);

const scan = (key: string, token: string, locale = 'pt-pt') =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkin',
    headers: { 'x-device-key': key, 'x-locale': locale },
    payload: { token, nonce: randomUUID() },
  });

const typeId = async (eventId: number, name: string) =>
  (
    await t.database.db
      .select({ id: ticketTypes.id })
      .from(ticketTypes)
      .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.name, name)))
  )[0]!.id;

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  days = await festivalStartsToday(t);
  const festival = await eventIdOf(t, 'festival-demo');
  const [ev] = await t.database.db.select().from(events).where(eq(events.id, festival));
  org = ev!.organizerId;
  owner = await staffAs(t, { role: 'owner', organizerId: org });
  base = `/api/backoffice/organizers/${org}/events/${festival}/door`;
  dayType = await typeId(festival, 'Bilhete diário — dia 1');
  passType = await typeId(festival, 'Passe 3 dias');
});
afterAll(() => t.close());

describe('check-in lists', () => {
  it('a device on a list admits its types and refuses others naming the list and gate; one without a list admits all', async () => {
    const made = await call('POST', `${base}/lists`, {
      name: 'VIP',
      gate: 'VIP',
      ticket_type_ids: [passType],
    });
    expect(made.statusCode, made.body).toBe(201);
    const list = made.json().data;
    expect(list).toMatchObject({
      name: 'VIP',
      gate: 'VIP',
      ticket_type_ids: [passType],
      session_ids: [],
      days: [],
    });

    const vip = (await call('POST', `${base}/devices`, { name: 'Porta VIP 1' })).json().data;
    const plain = (await call('POST', `${base}/devices`, { name: 'Porta geral' })).json().data;
    const assigned = await call('PUT', `${base}/devices/${vip.id}/list`, { list_id: list.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({ id: vip.id, list_id: list.id });

    const { tokens: dayTokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Bilhete diário — dia 1',
      qty: 2,
    });
    const { tokens: passTokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });

    const refused = await scan(vip.key, dayTokens[0]!, 'en');
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({
      result: 'not_on_list',
      ok: false,
      day: null,
      ticket_name: 'Bilhete diário — dia 1',
      list: { id: list.id, name: 'VIP', gate: 'VIP' },
      message: 'This ticket is not on the list “VIP” (gate VIP).',
    });
    const pt = (await scan(vip.key, dayTokens[0]!)).json().data;
    expect(pt.message).toBe('Este bilhete não entra pela lista «VIP» (porta VIP).');
    const admitted = (await scan(vip.key, passTokens[0]!)).json().data;
    expect(admitted).toMatchObject({ result: 'ok', ok: true, day: expect.any(String) });
    expect(admitted).not.toHaveProperty('list');
    // the refused ticket is still unused: the general gate lets it in
    expect((await scan(plain.key, dayTokens[0]!)).json().data).toMatchObject({ result: 'ok' });
    expect((await scan(plain.key, dayTokens[1]!)).json().data).toMatchObject({ result: 'ok' });

    // the offline pack tells the device its list
    const pack = await t.app.inject({
      method: 'GET',
      url: '/api/checkin/offline-pack',
      headers: { 'x-device-key': vip.key },
    });
    expect(pack.json().data.list).toEqual({
      id: list.id,
      name: 'VIP',
      gate: 'VIP',
      ticket_type_ids: [passType],
      session_ids: [],
      days: [],
    });
    const plainPack = await t.app.inject({
      method: 'GET',
      url: '/api/checkin/offline-pack',
      headers: { 'x-device-key': plain.key },
    });
    expect(plainPack.json().data.list).toBeNull();

    // the list's counts: one active device, one person let in
    const lists = (await call('GET', `${base}/lists`)).json().data;
    expect(lists).toEqual([expect.objectContaining({ id: list.id, devices: 1, admitted: 1 })]);
    // the scan log shows the refusal
    const log = (await call('GET', `${base}/scans?result=not_on_list`)).json().data;
    expect(log).toHaveLength(2);

    // editing the list applies at the next scan: day tickets on day 1 now pass
    const edited = await call('PUT', `${base}/lists/${list.id}`, {
      name: 'VIP',
      gate: 'VIP',
      ticket_type_ids: [passType, dayType],
      days: [days[0]],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const { tokens: more } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Bilhete diário — dia 1',
      qty: 1,
    });
    expect((await scan(vip.key, more[0]!)).json().data.result).toBe('ok');
    // a list of another day refuses today's scan
    await call('PUT', `${base}/lists/${list.id}`, { name: 'VIP', gate: 'VIP', days: [days[1]] });
    const { tokens: pass2 } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    expect((await scan(vip.key, pass2[0]!)).json().data.result).toBe('not_on_list');

    // in use: not deleted; off the list the device admits all again, and the list goes
    const inUse = await call('DELETE', `${base}/lists/${list.id}`, undefined, 'en');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'checkin_list_in_use' });
    expect(
      (await call('PUT', `${base}/devices/${vip.id}/list`, { list_id: null })).json().data.list_id,
    ).toBeNull();
    expect((await scan(vip.key, pass2[0]!)).json().data.result).toBe('ok');
    expect((await call('DELETE', `${base}/lists/${list.id}`)).statusCode).toBe(200);
    expect((await call('GET', `${base}/lists`)).json().data).toEqual([]);
  });

  it("types, sessions and days must be the event's (400 in words); another organiser's list is not found", async () => {
    const otherOrg = await newOrganizer(t);
    const otherOwner = await staffAs(t, { role: 'owner', organizerId: otherOrg });
    const otherEvent = await newDraftEvent(t, otherOwner, otherOrg);
    const foreignType = (
      await staffCall(
        t,
        otherOwner,
        'POST',
        `/api/backoffice/organizers/${otherOrg}/events/${otherEvent}/ticket-types`,
        {
          name: 'Geral',
          price_cents: 1000,
          quantity: 10,
        },
      )
    ).json().data?.id as number | undefined;

    const bad = await call(
      'POST',
      `${base}/lists`,
      {
        name: 'X',
        gate: 'Norte',
        ticket_type_ids: [foreignType ?? 2_000_000_000],
        session_ids: [2_000_000_000],
        days: ['2001-01-01'],
      },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      ticket_type_ids: ["Choose this event's ticket types."],
      session_ids: ["Choose this event's sessions."],
      days: ["Choose days between the event's start and end."],
    });
    expect((await call('POST', `${base}/lists`, { name: '', gate: 'X' })).statusCode).toBe(400);
    expect((await call('POST', `${base}/lists`, { name: 'X', gate: 'X', days: ['amanhã'] })).statusCode).toBe(
      400,
    );

    const mine = (await call('POST', `${base}/lists`, { name: 'Norte', gate: 'Norte' })).json().data;
    const otherBase = `/api/backoffice/organizers/${otherOrg}/events/${otherEvent}/door`;
    const theirs = (
      await staffCall(t, otherOwner, 'POST', `${otherBase}/lists`, { name: 'Deles', gate: 'D' })
    ).json().data;
    // my list through their event, their list through mine, my event through their organiser
    expect(
      (await staffCall(t, otherOwner, 'PUT', `${otherBase}/lists/${mine.id}`, { name: 'Y', gate: 'Y' }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `${base}/lists/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (
        await staffCall(
          t,
          otherOwner,
          'GET',
          `/api/backoffice/organizers/${otherOrg}/events/${base.split('/')[6]}/door/lists`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await staffCall(t, otherOwner, 'GET', `${base}/lists`)).statusCode).toBe(404);
    // a device onto another event's list: 400 on the field; another organiser's device: 404
    const dev = (await call('POST', `${base}/devices`, { name: 'Porta Norte' })).json().data;
    const wrongList = await call('PUT', `${base}/devices/${dev.id}/list`, { list_id: theirs.id });
    expect(wrongList.statusCode).toBe(400);
    expect(Object.keys(wrongList.json().errors)).toEqual(['list_id']);
    expect(
      (await staffCall(t, otherOwner, 'PUT', `${otherBase}/devices/${dev.id}/list`, { list_id: theirs.id }))
        .statusCode,
    ).toBe(404);
    const [row] = await t.database.db.select().from(checkinDevices).where(eq(checkinDevices.id, dev.id));
    expect(row!.listId).toBeNull();
    // roles without door.manage
    const viewer = await staffAs(t, { role: 'viewer', organizerId: org });
    expect((await staffCall(t, viewer, 'POST', `${base}/lists`, { name: 'V', gate: 'V' })).statusCode).toBe(
      403,
    );
  });
});
