/**
 * Issue 27 item 4 in the back office: an event's door devices and scan log. A door supervisor
 * adds a device and gets its key and enrolment code once; the door API accepts that key, and
 * refuses it once rotated or the device revoked; the log shows each scan with its device and
 * answer; roles without `door.manage` and other organisers get nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDraftEvent, newOrganizer, staffAs, staffCall, type StaffSession } from './backoffice-sessions';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let org: number;
let supervisor: StaffSession;
let base: string;

/** A scan of a token no ticket has: 200 `unknown` from a valid device, 401 from a bad key. */
const scanWith = async (key: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: { 'x-device-key': key },
      payload: { token: 'not-a-ticket', nonce: randomUUID() },
    })
  ).statusCode;

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
  supervisor = await staffAs(t, { role: 'door_supervisor', organizerId: org });
  const event = await newDraftEvent(t, owner, org, { name: 'Noites do Castelo' });
  base = `/api/backoffice/organizers/${org}/events/${event}/door`;
});
afterAll(() => t.close());

describe('door devices', () => {
  it('a supervisor adds a device: its key scans, shows in the log, is rotated, then revoked for good', async () => {
    const created = await call(supervisor, 'POST', `${base}/devices`, { name: 'Porta Sul' });
    expect(created.statusCode, created.body).toBe(201);
    const device = created.json().data;
    expect(device).toMatchObject({ name: 'Porta Sul', status: 'active', admitted: 0, scans: 0 });
    expect(JSON.parse(device.enrolment)).toEqual({
      kind: 'bilheteira-door',
      api: expect.stringMatching(/^http/),
      key: device.key,
      name: 'Porta Sul',
    });
    expect(await scanWith(device.key)).toBe(200);

    const list = (await call(supervisor, 'GET', `${base}/devices`)).json().data;
    expect(list).toEqual([expect.objectContaining({ id: device.id, scans: 1, admitted: 0 })]);
    expect(list[0]).not.toHaveProperty('key');
    const log = (await call(supervisor, 'GET', `${base}/scans`)).json();
    expect(log.data).toEqual([
      expect.objectContaining({ device: 'Porta Sul', result: 'unknown', ticket_name: null }),
    ]);
    expect(log.meta).toEqual({ page: 1, per_page: 50, has_more: false });
    const filtered = (await call(supervisor, 'GET', `${base}/scans?result=ok`)).json().data;
    expect(filtered).toEqual([]);

    const rotated = (await call(supervisor, 'POST', `${base}/devices/${device.id}/rotate-key`)).json().data;
    expect(await scanWith(device.key)).toBe(401);
    expect(await scanWith(rotated.key)).toBe(200);

    const revoked = await call(supervisor, 'POST', `${base}/devices/${device.id}/revoke`);
    expect(revoked.json()).toMatchObject({
      data: { status: 'revoked' },
      message: 'Dispositivo revogado: já não consegue validar bilhetes.',
    });
    expect(await scanWith(rotated.key)).toBe(401);
    // again: the same answer; a new key for a revoked device: refused in words
    expect((await call(supervisor, 'POST', `${base}/devices/${device.id}/revoke`)).statusCode).toBe(200);
    const again = await call(supervisor, 'POST', `${base}/devices/${device.id}/rotate-key`, undefined, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This device was revoked. Create a new one.');
    // what it scanned with its two keys stays in the log (refused keys record nothing)
    expect((await call(supervisor, 'GET', `${base}/scans`)).json().data).toHaveLength(2);
  });

  it('bad input is refused in words and changes nothing; others’ devices are not found', async () => {
    const bad = await call(supervisor, 'POST', `${base}/devices`, { name: '' }, 'es');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['name']);
    expect((await call(supervisor, 'GET', `${base}/scans?result=maybe`)).statusCode).toBe(400);
    expect((await call(supervisor, 'PATCH', `${base}/devices/999999`, { name: 'X' })).statusCode).toBe(404);

    const otherOrg = await newOrganizer(t);
    const otherOwner = await staffAs(t, { role: 'owner', organizerId: otherOrg });
    const mine = (await call(supervisor, 'POST', `${base}/devices`, { name: 'Porta Norte' })).json().data;
    const otherEvent = await newDraftEvent(t, otherOwner, otherOrg);
    const steal = await call(
      otherOwner,
      'POST',
      `/api/backoffice/organizers/${otherOrg}/events/${otherEvent}/door/devices/${mine.id}/revoke`,
    );
    expect(steal.statusCode).toBe(404);
    expect(await scanWith(mine.key)).toBe(200);
    for (const role of ['door_staff', 'bar_manager', 'viewer'] as const) {
      const who = await staffAs(t, { role, organizerId: org });
      expect((await call(who, 'POST', `${base}/devices`, { name: 'X' })).statusCode).toBe(403);
    }
  });
});
