import { randomBytes, randomUUID, verify, createPublicKey } from 'node:crypto';
import { eventDay } from '@bilheteira/shared/ticket-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkinDevices, checkins, checkinScans, customerTickets, events } from '../src/db/schema/index';
import type { Device } from '../src/modules/checkin/checkin.service';
import { checkInTicket } from '../src/modules/checkin/check-in-ticket.service';
import { findDeviceByKeyHash, insertDevice } from '../src/modules/checkin/checkin.repository';
import { parseTicketToken, verifyTicketSignature } from '../src/modules/tickets/ticket-token';
import { findEventSigningKey } from '../src/modules/tickets/signing-key.repository';
import { sha256 } from '../src/lib/crypto';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';
import {
  CONCERT_DOOR_KEY,
  DOOR_KEY,
  DOOR_KEY_2,
  addDaysYmd,
  eventIdOf,
  festivalStartsToday,
  issueTickets,
  noonOf,
} from './tickets.fixtures';

let t: TestApp;
let days: string[];
let device: Device;
const ANA = '+351912345678';

const scan = (token: string, nonce: string = randomUUID(), key = DOOR_KEY) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkin',
    headers: { 'x-device-key': key },
    payload: { token, nonce },
  });

const rowsOf = async (ticketId: number) =>
  t.database.db.select().from(checkins).where(eq(checkins.ticketId, ticketId));

beforeAll(async () => {
  // Business-rule tests: a loaded test machine must not shed their requests as overload;
  // they scan faster than a gate (100 forged tokens in a row), so the per-device limit is
  // raised here (checkin-abuse.test.ts tests it).
  t = await createTestApp({
    config: { MAX_EVENT_LOOP_DELAY_MS: 60_000, CHECKIN_DEVICE_RATE_PER_SECOND: 10_000 },
  });
  days = await festivalStartsToday(t);
  device = (await findDeviceByKeyHash(t.database.db, sha256(DOOR_KEY)))!;
});
afterAll(() => t.close());

describe('POST /api/checkin: who may scan', () => {
  it('refuses a missing or wrong device key with 401 and the error shape', async () => {
    const { tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Bilhete diário — dia 1',
      qty: 1,
    });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      payload: { token: tokens[0], nonce: 'abcdefgh' },
    });
    expect(none.statusCode).toBe(401);
    expect(expectErrorShape(none).code).toBe('invalid_device_key');
    const wrong = await scan(tokens[0]!, undefined, 'not-a-real-device-key-000');
    expect(wrong.statusCode).toBe(401);
    const rows = await t.database.db.select().from(checkinScans);
    expect(rows).toHaveLength(0);
  });

  it('answers 400 for a malformed nonce or body, localised', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: { 'x-device-key': DOOR_KEY, 'x-locale': 'en' },
      payload: { token: 'x', nonce: 'no spaces allowed' },
    });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).errors.nonce?.[0]).toMatch(/scan identifier/);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: { 'x-device-key': DOOR_KEY },
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('POST /api/checkin: admission', () => {
  it('admits a day ticket once, then already_used with the first check-in’s time and gate', async () => {
    const { ids, tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Bilhete diário — dia 1',
      qty: 1,
    });
    const first = await scan(tokens[0]!);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      data: { result: 'ok', ok: true, ticket_name: 'Bilhete diário — dia 1', day: days[0], replay: false },
    });
    const second = await scan(tokens[0]!, undefined, DOOR_KEY_2);
    // the second gate is told when and where the ticket went in
    expect(second.json()).toMatchObject({
      data: {
        result: 'already_used',
        ok: false,
        first_checkin: { at: first.json().data.scanned_at, gate: 'Porta principal' },
      },
    });
    expect(await rowsOf(ids[0]!)).toHaveLength(1);
  });

  it('figure: 50 parallel scans of one ticket at 2 gates → exactly 1 ok', async () => {
    const { ids, tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => scan(tokens[0]!, undefined, i % 2 ? DOOR_KEY : DOOR_KEY_2)),
    );
    const results = answers.map((a) => a.json<{ data: { result: string } }>().data.result);
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'already_used')).toHaveLength(49);
    expect(await rowsOf(ids[0]!)).toHaveLength(1);
  });

  it('figure: one nonce retried 10× → the same answer and 1 check-in row', async () => {
    const { ids, tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    const nonce = `retry-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => scan(tokens[0]!, nonce)));
    const bodies = answers.map(
      (a) => a.json<{ data: { result: string; replay: boolean; day: string } }>().data,
    );
    expect(bodies.every((b) => b.result === 'ok' && b.day === days[0])).toBe(true);
    expect(bodies.filter((b) => !b.replay)).toHaveLength(1);
    expect(await rowsOf(ids[0]!)).toHaveLength(1);
    const scans = await t.database.db.select().from(checkinScans).where(eq(checkinScans.nonce, nonce));
    expect(scans).toHaveLength(1);
    // the same nonce with another token is a conflict, not a second scan
    const other = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    const clash = await scan(other.tokens[0]!, nonce);
    expect(clash.statusCode).toBe(409);
    expect(expectErrorShape(clash).code).toBe('nonce_reused');
  });

  it('figure: a day-2 pass scanned on day 1 → not_valid_today', async () => {
    const { ids, tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Bilhete diário — dia 2',
      qty: 1,
    });
    const res = await scan(tokens[0]!);
    expect(res.json()).toMatchObject({
      data: { result: 'not_valid_today', ticket_name: 'Bilhete diário — dia 2' },
    });
    expect(await rowsOf(ids[0]!)).toHaveLength(0);
  });

  it('a multi-day pass admits once per day of its period', async () => {
    const { ids, tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    const at = (d: string) =>
      checkInTicket(
        t.app.caches.door,
        t.database.db,
        device,
        { token: tokens[0]!, nonce: randomUUID() },
        noonOf(d),
        new Date(),
      );
    expect((await at(days[0]!)).result).toBe('ok');
    expect((await at(days[0]!)).result).toBe('already_used');
    expect((await at(days[1]!)).result).toBe('ok');
    expect((await at(days[2]!)).result).toBe('ok');
    expect((await at(addDaysYmd(days[2]!, 1))).result).toBe('not_valid_today');
    expect((await rowsOf(ids[0]!)).map((r) => r.day).sort()).toEqual(days);
    // the owner's history shows the three check-ins
    const ana = await login(t.app, DEMO.ana);
    const res = await injectAs(t.app, ana, {
      method: 'GET',
      url: `/api/customers/ticket-validated/${tokens[0]}`,
    });
    expect(res.json<{ data: { checkinlist: unknown[] } }>().data.checkinlist).toHaveLength(3);
  });

  it('answers wrong_event at another event door, canceled for canceled tickets and events', async () => {
    const { ids, tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 2,
    });
    expect((await scan(tokens[0]!, undefined, CONCERT_DOOR_KEY)).json()).toMatchObject({
      data: { result: 'wrong_event' },
    });
    await t.database.db
      .update(customerTickets)
      .set({ state: 'canceled' })
      .where(eq(customerTickets.id, ids[0]!));
    expect((await scan(tokens[0]!)).json()).toMatchObject({ data: { result: 'canceled' } });
    const concertId = await eventIdOf(t, 'concerto-demo');
    const concert = await issueTickets(t, {
      mobile: ANA,
      slug: 'concerto-demo',
      typeName: 'Plateia',
      qty: 1,
    });
    await t.database.db.update(events).set({ status: 'cancelled' }).where(eq(events.id, concertId));
    expect((await scan(concert.tokens[0]!, undefined, CONCERT_DOOR_KEY)).json()).toMatchObject({
      data: { result: 'canceled' },
    });
    await t.database.db.update(events).set({ status: 'published' }).where(eq(events.id, concertId));
    // a canceled ticket's token is on the revocation list
    const pack = await t.app.inject({
      method: 'GET',
      url: '/api/checkin/offline-pack',
      headers: { 'x-device-key': DOOR_KEY },
    });
    expect(
      pack.json<{ data: { revoked: { token: string }[] } }>().data.revoked.map((r) => r.token),
    ).toContain(tokens[0]);
  });
});

describe('forged tokens', () => {
  it('figure: 10,000 random or mutated tokens → 0 accepted (signature gate), 100 through the API → all unknown', async () => {
    const { tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    const real = tokens[0]!;
    const festivalId = await eventIdOf(t, 'festival-demo');
    const key = (await findEventSigningKey(t.database.db, festivalId))!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const forged: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      if (i % 4 === 0) {
        forged.push(randomBytes(1 + (i % 120)).toString('base64url'));
      } else if (i % 4 === 1) {
        // a well-formed token with a random signature and nonce
        forged.push(
          `BT1.${festivalId}.1.0.${randomBytes(12).toString('base64url')}.${randomBytes(64).toString('base64url')}`,
        );
      } else {
        // the real token with one to three characters changed
        const chars = [...real];
        for (let k = 0; k <= i % 3; k++) {
          const pos = (i * 7919 + k * 104729) % chars.length;
          const next = alphabet[(alphabet.indexOf(chars[pos]!) + 1 + (i % 60)) % alphabet.length]!;
          chars[pos] = chars[pos] === '.' ? '.' : next;
        }
        const m = chars.join('');
        if (m !== real) forged.push(m);
      }
    }
    const accepted: string[] = [];
    for (const [i, f] of forged.entries()) {
      const parsed = parseTicketToken(f);
      if (parsed !== null && verifyTicketSignature(key.publicKey, parsed)) accepted.push(f);
      // let the event loop breathe: this is CPU work beside a running server
      if (i % 250 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(forged.length).toBeGreaterThan(9_000);
    expect(accepted).toEqual([]);
    const before = (await t.database.db.select().from(checkins)).length;
    const sample = forged.filter((_, i) => i % 97 === 0).slice(0, 100);
    for (const f of sample) {
      const res = await scan(f);
      expect(res.json<{ data: { result: string } }>().data.result).toBe('unknown');
    }
    expect(await t.database.db.select().from(checkins)).toHaveLength(before);
  });
});

describe('offline scanning', () => {
  it('the offline pack gives the public key that verifies tokens, and no private key', async () => {
    const { tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/checkin/offline-pack',
      headers: { 'x-device-key': DOOR_KEY },
    });
    expect(res.statusCode).toBe(200);
    const pack = res.json<{
      data: {
        public_key_jwk: { x: string };
        ticket_types: { name: string; days: string[]; per_day: boolean }[];
      };
    }>().data;
    expect(JSON.stringify(pack)).not.toMatch(/private/i);
    const pub = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: pack.public_key_jwk.x },
      format: 'jwk',
    });
    const token = tokens[0]!;
    const cut = token.lastIndexOf('.');
    expect(
      verify(null, Buffer.from(token.slice(0, cut)), pub, Buffer.from(token.slice(cut + 1), 'base64url')),
    ).toBe(true);
    expect(pack.ticket_types.find((tt) => tt.name === 'Passe 3 dias')).toMatchObject({ days, per_day: true });
    const noKey = await t.app.inject({ method: 'GET', url: '/api/checkin/offline-pack' });
    expect(noKey.statusCode).toBe(401);
  });

  it('uploads offline check-ins with their original time and nonce; re-uploading changes nothing', async () => {
    const { ids, tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    // up to 20 minutes ago, but on the same event day (just after 06:00 the day is young)
    const now = Date.now();
    const ago = [20, 10, 5, 1, 0].find(
      (m) =>
        eventDay(new Date(now - m * 60_000), 'Europe/Lisbon') === eventDay(new Date(now), 'Europe/Lisbon'),
    )!;
    const scannedAt = new Date(now - ago * 60_000).toISOString();
    const scans = [{ token: tokens[0]!, nonce: `off-${randomUUID()}`, scanned_at: scannedAt }];
    const up = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkin/offline',
        headers: { 'x-device-key': DOOR_KEY },
        payload: { scans },
      });
    const first = await up();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: [{ result: 'ok', replay: false, scanned_at: scannedAt }] });
    const again = await up();
    expect(again.json()).toMatchObject({ data: [{ result: 'ok', replay: true }] });
    const rows = await rowsOf(ids[0]!);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.offline).toBe(true);
    expect(rows[0]!.scannedAt.toISOString()).toBe(scannedAt);
  });

  it('refuses scan times in the future or too old, recording nothing', async () => {
    const { ids, tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    const future = new Date(Date.now() + 3600_000).toISOString();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkin/offline',
      headers: { 'x-device-key': DOOR_KEY },
      payload: { scans: [{ token: tokens[0], nonce: `off-${randomUUID()}`, scanned_at: future }] },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(expectErrorShape(res).errors)).toEqual(['scans.0.scanned_at']);
    expect(await rowsOf(ids[0]!)).toHaveLength(0);
  });
});

describe('GET /api/checkin/status/{token} (the /check/:uuid page)', () => {
  it('answers validity without personal data', async () => {
    const { tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/checkin/status/${tokens[0]}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        valid_signature: true,
        name: 'valid',
        event_name: 'Festival Demo',
        ticket_name: 'Passe 3 dias',
        days,
        used_days: [],
      },
    });
    expect(res.body).not.toMatch(/Ana|Silva|912345678/);
    const garbage = await t.app.inject({ method: 'GET', url: '/api/checkin/status/garbage' });
    expect(garbage.json()).toMatchObject({ data: { valid_signature: false, name: 'unknown' } });
  });
});

describe('POST /api/checkin: fast path keeps its guarantees', () => {
  it('a rotated or removed device key stops admitting at once, though the device is cached', async () => {
    const key = `rotating-door-key-${randomUUID()}`;
    const eventId = await eventIdOf(t, 'festival-demo');
    const deviceId = await insertDevice(t.database.db, { eventId, name: 'Porta B', keyHash: sha256(key) });
    const { ids, tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 2,
    });
    const first = await scan(tokens[0]!, undefined, key);
    expect(first.json<{ data: { result: string } }>().data.result).toBe('ok');
    // the device is now in the in-memory cache; the key is rotated behind its back
    await t.database.db
      .update(checkinDevices)
      .set({ keyHash: sha256(`${key}-rotated`) })
      .where(eq(checkinDevices.id, deviceId!));
    const nonce = randomUUID();
    const refused = await scan(tokens[1]!, nonce, key);
    expect(refused.statusCode).toBe(401);
    expect(expectErrorShape(refused).code).toBe('invalid_device_key');
    expect(await rowsOf(ids[1]!)).toHaveLength(0);
    expect(await t.database.db.select().from(checkinScans).where(eq(checkinScans.nonce, nonce))).toHaveLength(
      0,
    );
    // and stays refused (the cache entry was dropped), while the new key works
    expect((await scan(tokens[1]!, undefined, key)).statusCode).toBe(401);
    const fresh = await scan(tokens[1]!, undefined, `${key}-rotated`);
    expect(fresh.json<{ data: { result: string } }>().data.result).toBe('ok');
  });

  it('one nonce sent at once with two different tokens: one answer, one 409, nothing left by the loser', async () => {
    const { ids, tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 2,
    });
    const nonce = `clash-${randomUUID()}`;
    const [a, b] = await Promise.all([scan(tokens[0]!, nonce), scan(tokens[1]!, nonce)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 0 : 1;
    expect((winner === 0 ? a : b).json<{ data: { result: string } }>().data.result).toBe('ok');
    expect(await rowsOf(ids[winner]!)).toHaveLength(1);
    expect(await rowsOf(ids[1 - winner]!)).toHaveLength(0);
    expect(await t.database.db.select().from(checkinScans).where(eq(checkinScans.nonce, nonce))).toHaveLength(
      1,
    );
  });
});
