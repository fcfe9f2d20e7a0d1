/**
 * Organiser integrations (issue 27 item 8): API keys made in the back office and the read API
 * they open (/api/v1: scopes, tenancy, revoked and wrong keys, bad input); webhook endpoints
 * (address rules, secret once, enable/disable, delete) and what reaches a local receiver after
 * a paid order, a door check-in and a bar sale: signed with the endpoint's secret, one delivery
 * per event; the delivery log and a replay.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookPayload } from '@bilheteira/shared/schemas/integrations-v1';
import { customerTickets, organizers, orders, events, webhookDeliveries } from '../src/db/schema/index';
import { queryRows } from '../src/db/client';
import { DEMO_BRACELETS, DEMO_STATION_KEYS } from '../src/seed/wallet.seed';
import { dispatchWebhookEvents, SETTLE_MS } from '../src/modules/integrations/webhook-dispatch.service';
import {
  deliverDueWebhooks,
  httpSender,
  retryDelayMs,
  WEBHOOK_MAX_ATTEMPTS,
} from '../src/modules/integrations/webhook-delivery.service';
import { signWebhook, verifyWebhookSignature } from '../src/modules/integrations/webhook-signature';
import { isInternalAddress, webhookUrlProblem } from '../src/modules/integrations/webhook-url';
import { asStaff, newOrganizer, staffAs, type StaffSession } from './backoffice-sessions';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';
import { DOOR_KEY, eventIdOf, festivalStartsToday } from './tickets.fixtures';

let t: TestApp;
let orgA: number;
let orgB: number;
let ownerA: StaffSession;
let ownerB: StaffSession;
let festival: number;

const base = (org: number) => `/api/backoffice/organizers/${org}`;
const v1 = (key: string | null, url: string, locale?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(locale ? { 'x-locale': locale } : {}),
    },
  });

async function newKey(who: StaffSession, org: number, scopes: string[]) {
  const res = await asStaff(t, who, {
    method: 'POST',
    url: `${base(org)}/api-keys`,
    payload: { name: `Chave ${scopes.join('+')}`, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; key: string; prefix: string };
}

/** A receiver on 127.0.0.1 recording each request's headers and raw body. */
async function receiver(answer: (body: string) => number = () => 200) {
  const got: { headers: http.IncomingHttpHeaders; body: string; status: number }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const status = answer(body);
      got.push({ headers: req.headers, body, status });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    got,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  const db = t.database.db;
  orgA = (await db.select().from(organizers).where(eq(organizers.slug, 'promotora-demo')))[0]!.id;
  orgB = await newOrganizer(t);
  ownerA = await staffAs(t, { role: 'owner', organizerId: orgA });
  ownerB = await staffAs(t, { role: 'owner', organizerId: orgB });
  festival = await eventIdOf(t, 'festival-demo');
  await festivalStartsToday(t);
});
afterAll(() => t.close());

describe('API keys and /api/v1', () => {
  it('shows a key once, lists it without it, and reads only its organiser through its scopes', async () => {
    const made = await newKey(ownerA, orgA, ['orders:read', 'events:read']);
    expect(made.key).toMatch(/^bhk_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, 12));
    const list = await asStaff(t, ownerA, { method: 'GET', url: `${base(orgA)}/api-keys` });
    expect(list.body).not.toContain(made.key);
    const listed = list.json().data.find((k: { id: number }) => k.id === made.id);
    expect(listed).toMatchObject({
      scopes: ['orders:read', 'events:read'],
      last_used_at: null,
      revoked_at: null,
    });

    const res = await v1(made.key, '/api/v1/orders');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { id: number; event_id: number; status: string }[]; meta: object };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.meta).toEqual({ page: 1, per_page: 100, has_more: false });
    expect(body.data.every((o) => o.status !== 'pending')).toBe(true);
    const ownEvents = (await t.database.db.select().from(events).where(eq(events.organizerId, orgA))).map(
      (e) => e.id,
    );
    expect(body.data.every((o) => ownEvents.includes(o.event_id))).toBe(true);
    // used: the list says when
    const after = await asStaff(t, ownerA, { method: 'GET', url: `${base(orgA)}/api-keys` });
    expect(after.json().data.find((k: { id: number }) => k.id === made.id).last_used_at).not.toBeNull();

    // events:read
    const evs = await v1(made.key, '/api/v1/events');
    expect(evs.statusCode).toBe(200);
    expect(evs.json().data.map((e: { id: number }) => e.id)).toContain(festival);
    // checkins:read is not one of its scopes
    const checkins = await v1(made.key, '/api/v1/checkins');
    expect(checkins.statusCode).toBe(403);
    expect(expectErrorShape(checkins).code).toBe('api_key_scope_missing');
  });

  it("never shows another organiser's data, not even by event id", async () => {
    const keyB = await newKey(ownerB, orgB, ['orders:read', 'checkins:read', 'events:read']);
    for (const url of ['/api/v1/orders', `/api/v1/orders?event_id=${festival}`, '/api/v1/events']) {
      const res = await v1(keyB.key, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data, url).toEqual([]);
    }
    const checkins = await v1(keyB.key, `/api/v1/checkins?event_id=${festival}`);
    expect(checkins.json()).toMatchObject({ data: [], meta: { next_since_id: 0, has_more: false } });
    // the back office: A's key is not B's to revoke
    const keyA = await newKey(ownerA, orgA, ['orders:read']);
    const revoke = await asStaff(t, ownerB, {
      method: 'POST',
      url: `${base(orgB)}/api-keys/${keyA.id}/revoke`,
    });
    expect(revoke.statusCode).toBe(404);
    expect((await v1(keyA.key, '/api/v1/orders')).statusCode).toBe(200);
  });

  it('answers 401 alike for a revoked, a wrong and a missing key', async () => {
    const made = await newKey(ownerA, orgA, ['orders:read']);
    expect((await v1(made.key, '/api/v1/orders')).statusCode).toBe(200);
    const revoke = await asStaff(t, ownerA, {
      method: 'POST',
      url: `${base(orgA)}/api-keys/${made.id}/revoke`,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().data.revoked_at).not.toBeNull();
    const revoked = await v1(made.key, '/api/v1/orders');
    const wrong = await v1(`bhk_${'x'.repeat(43)}`, '/api/v1/orders');
    const none = await v1(null, '/api/v1/orders');
    for (const res of [revoked, wrong, none]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(revoked.json());
    }
  });

  it('refuses bad input with a localised 400, never a 500', async () => {
    const made = await newKey(ownerA, orgA, ['orders:read', 'checkins:read']);
    for (const url of [
      '/api/v1/orders?page=abc',
      '/api/v1/orders?page=0',
      '/api/v1/orders?updated_since=yesterday',
      '/api/v1/orders?event_id=-1',
      '/api/v1/orders?status=pending',
      '/api/v1/orders?unknown=1',
      '/api/v1/checkins?since_id=1e3',
    ]) {
      const pt = await v1(made.key, url);
      expect(pt.statusCode, url).toBe(400);
      const en = await v1(made.key, url, 'en');
      expect(expectErrorShape(en).message, url).not.toBe(expectErrorShape(pt).message);
    }
    const since = await v1(
      made.key,
      `/api/v1/orders?updated_since=${encodeURIComponent('2000-01-01T00:00:00Z')}`,
    );
    expect(since.statusCode).toBe(200);
    expect(since.json().data.length).toBeGreaterThan(0);
    const future = await v1(
      made.key,
      `/api/v1/orders?updated_since=${encodeURIComponent('2999-01-01T00:00:00Z')}`,
    );
    expect(future.json().data).toEqual([]);

    for (const payload of [
      {},
      { name: '', scopes: ['orders:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['orders:write'] },
      { name: 'x', scopes: 'orders:read' },
      { name: 'x'.repeat(81), scopes: ['orders:read'] },
    ]) {
      const res = await asStaff(t, ownerA, {
        method: 'POST',
        url: `${base(orgA)}/api-keys`,
        payload,
        headers: { 'x-locale': 'es' },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectErrorShape(res);
    }
    for (const payload of [
      { url: 'ftp://example.com/x', events: ['order.paid'] },
      { url: 'https://user:pw@example.com/x', events: ['order.paid'] },
      { url: 'not a url', events: ['order.paid'] },
      { url: 'https://example.com/x', events: [] },
      { url: 'https://example.com/x', events: ['order.created'] },
    ]) {
      const res = await asStaff(t, ownerA, { method: 'POST', url: `${base(orgA)}/webhooks`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('webhook addresses and signatures', () => {
  it('allows https public addresses in production, and local receivers only outside it', () => {
    expect(webhookUrlProblem('https://hooks.example.com/bilheteira', true)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/bilheteira', true)).toBe('integrations.url_not_https');
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://192.168.1.1/x',
      'https://172.20.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[fd00::1]/x',
      'https://localhost/x',
      'https://db.internal/x',
      'https://intranet/x',
    ])
      expect(webhookUrlProblem(url, true), url).toBe('integrations.url_private');
    expect(webhookUrlProblem('http://127.0.0.1:4000/hooks', false)).toBeNull();
    expect(isInternalAddress('8.8.8.8')).toBe(false);
    expect(isInternalAddress('::ffff:10.0.0.1')).toBe(true);
  });

  it('signs t.<body> with the secret: it verifies with that secret, not another, and not late', () => {
    const now = new Date('2026-07-01T10:00:00Z');
    const body = '{"id":"e1","type":"order.paid"}';
    const header = signWebhook('whsec_one', body, now);
    expect(header).toMatch(/^t=1782900000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(header, body, 'whsec_one', now)).toBe(true);
    expect(verifyWebhookSignature(header, body, 'whsec_two', now)).toBe(false);
    expect(verifyWebhookSignature(header, `${body} `, 'whsec_one', now)).toBe(false);
    expect(verifyWebhookSignature(header, body, 'whsec_one', new Date(now.getTime() + 301_000))).toBe(false);
  });

  it('retries after 30 s doubling to an hour, and gives up after about a day', () => {
    expect([1, 2, 3, 7, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    let waited = 0;
    for (let a = 1; a < WEBHOOK_MAX_ATTEMPTS; a++) waited += retryDelayMs(a);
    expect(waited / 3_600_000).toBeGreaterThan(22);
    expect(waited / 3_600_000).toBeLessThan(25);
  });
});

describe('webhook endpoints and deliveries', () => {
  it('delivers a paid order, a check-in and bar sales, signed, once each; logs them; replays one', async () => {
    const hooks = await receiver();
    try {
      const created = await asStaff(t, ownerA, {
        method: 'POST',
        url: `${base(orgA)}/webhooks`,
        payload: {
          url: hooks.url,
          events: ['order.paid', 'checkin.created', 'wallet.transaction', 'order.paid'],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const endpoint = created.json().data as { id: number; secret: string; events: string[] };
      expect(endpoint.secret).toMatch(/^whsec_/);
      expect(endpoint.events).toEqual(['order.paid', 'checkin.created', 'wallet.transaction']);
      const listed = await asStaff(t, ownerA, { method: 'GET', url: `${base(orgA)}/webhooks` });
      expect(listed.body).not.toContain(endpoint.secret);
      // B subscribes to everything: none of A's events reach it
      const hooksB = await receiver();
      const createdB = await asStaff(t, ownerB, {
        method: 'POST',
        url: `${base(orgB)}/webhooks`,
        payload: { url: hooksB.url, events: ['order.paid', 'checkin.created', 'wallet.transaction'] },
      });
      expect(createdB.statusCode).toBe(201);

      // Ana buys a day ticket with a 20 € top-up, goes through the door and buys at the bar
      const ana = await login(t.app, DEMO.ana);
      const festivalPage = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data;
      const order = await injectAs(t.app, ana, {
        method: 'POST',
        url: '/api/orders',
        payload: {
          event_id: festival,
          include_cart: false,
          items: [{ ticket_id: festivalPage.ticket_types[0].id, qty: 1 }],
          topup_cents: 2000,
        },
      });
      expect(order.statusCode, order.body).toBe(201);
      const orderId = order.json().data.id as number;
      const paid = await injectAs(t.app, ana, {
        method: 'POST',
        url: `/api/orders/${orderId}/pay`,
        payload: {
          method: 'card',
          card: { number: '4242424242424242', expiry: '12/2099', name: 'Ana Silva' },
        },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const [ticket] = await t.database.db
        .select({ token: customerTickets.token })
        .from(customerTickets)
        .where(eq(customerTickets.orderId, orderId));
      const scan = await t.app.inject({
        method: 'POST',
        url: '/api/checkin',
        headers: { 'x-device-key': DOOR_KEY },
        payload: { token: ticket!.token, nonce: randomUUID() },
      });
      expect(scan.statusCode, scan.body).toBe(200);
      const sale = await t.app.inject({
        method: 'POST',
        url: '/api/stations/transactions',
        headers: { 'x-station-key': DEMO_STATION_KEYS.bar },
        payload: {
          transactions: [
            {
              id: randomUUID(),
              occurred_at: new Date().toISOString(),
              bracelet: DEMO_BRACELETS.ana.code,
              type: 'consumption',
              amount_cents: 450,
            },
          ],
        },
      });
      expect(sale.json().data.results[0].status, sale.body).toBe('accepted');

      // the dispatcher, run twice at once and again: one delivery per event
      const now = new Date();
      await Promise.all([
        dispatchWebhookEvents(t.database.db, now),
        dispatchWebhookEvents(t.database.db, now),
      ]);
      await dispatchWebhookEvents(t.database.db, new Date(now.getTime() + 1000));
      const send = httpSender({ production: false });
      await deliverDueWebhooks(t.database.db, now, send);
      const types = hooks.got.map((g) => JSON.parse(g.body).type as string).sort();
      expect(types).toEqual(['checkin.created', 'order.paid', 'wallet.transaction', 'wallet.transaction']);
      expect(hooksB.got).toEqual([]);
      for (const g of hooks.got) {
        const payload = webhookPayload.parse(JSON.parse(g.body));
        expect(payload.organizer_id).toBe(orgA);
        expect(g.headers['bilheteira-event-id']).toBe(payload.id);
        expect(g.headers['content-type']).toBe('application/json');
        const signature = String(g.headers['bilheteira-signature']);
        expect(verifyWebhookSignature(signature, g.body, endpoint.secret, now)).toBe(true);
        expect(verifyWebhookSignature(signature, g.body, 'whsec_another', now)).toBe(false);
      }
      const paidEvent = JSON.parse(hooks.got.find((g) => g.body.includes('"order.paid"'))!.body);
      expect(paidEvent.data).toMatchObject({
        id: orderId,
        status: 'paid',
        event_id: festival,
        currency: 'EUR',
      });
      expect(paidEvent.data.lines.map((l: { kind: string }) => l.kind).sort()).toEqual(['ticket', 'topup']);
      // the same order through the API
      const key = await newKey(ownerA, orgA, ['orders:read', 'checkins:read']);
      const listedOrder = (await v1(key.key, `/api/v1/orders?event_id=${festival}`))
        .json()
        .data.find((o: { id: number }) => o.id === orderId);
      expect(listedOrder).toEqual(paidEvent.data);
      const checkinEvent = JSON.parse(hooks.got.find((g) => g.body.includes('"checkin.created"'))!.body);
      const checkins = (await v1(key.key, `/api/v1/checkins?event_id=${festival}`)).json().data;
      expect(checkins).toContainEqual(checkinEvent.data);

      // nothing is sent twice: later dispatches and passes find nothing to do
      expect(await dispatchWebhookEvents(t.database.db, new Date(now.getTime() + SETTLE_MS + 5000))).toBe(0);
      expect(await deliverDueWebhooks(t.database.db, new Date(now.getTime() + 3_600_000), send)).toBe(0);
      expect(hooks.got).toHaveLength(4);

      // the log, and a replay
      const log = await asStaff(t, ownerA, {
        method: 'GET',
        url: `${base(orgA)}/webhooks/${endpoint.id}/deliveries`,
      });
      expect(log.statusCode, log.body).toBe(200);
      const deliveries = log.json().data as {
        id: number;
        status: string;
        attempts: number;
        last_status: number;
      }[];
      expect(deliveries).toHaveLength(4);
      for (const d of deliveries)
        expect(d).toMatchObject({ status: 'delivered', attempts: 1, last_status: 200 });
      const replay = await asStaff(t, ownerA, {
        method: 'POST',
        url: `${base(orgA)}/webhooks/${endpoint.id}/deliveries/${deliveries[0]!.id}/replay`,
      });
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json().data).toMatchObject({ status: 'pending', attempts: 0 });
      await deliverDueWebhooks(t.database.db, new Date(), send);
      expect(hooks.got).toHaveLength(5);
      // another organiser's endpoint or delivery: 404
      const foreign = await asStaff(t, ownerB, {
        method: 'POST',
        url: `${base(orgB)}/webhooks/${endpoint.id}/deliveries/${deliveries[0]!.id}/replay`,
      });
      expect(foreign.statusCode).toBe(404);

      // disabled: new events wait for it; deleted: its log goes with it
      const off = await asStaff(t, ownerA, {
        method: 'PATCH',
        url: `${base(orgA)}/webhooks/${endpoint.id}`,
        payload: { enabled: false },
      });
      expect(off.json().data.enabled).toBe(false);
      const gone = await asStaff(t, ownerA, {
        method: 'DELETE',
        url: `${base(orgA)}/webhooks/${endpoint.id}`,
      });
      expect(gone.statusCode).toBe(200);
      const left = await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(left).toEqual([]);
      await hooksB.close();
    } finally {
      await hooks.close();
    }
  });

  it('sends ticket.transferred and order.refunded of its own organiser once each', async () => {
    const hooks = await receiver();
    try {
      const staff = (method: 'POST' | 'GET', url: string, payload?: object) =>
        asStaff(t, ownerB, { method, url: `${base(orgB)}${url}`, ...(payload ? { payload } : {}) });
      const endpoint = await staff('POST', '/webhooks', {
        url: hooks.url,
        events: ['order.paid', 'order.refunded', 'ticket.transferred'],
      });
      expect(endpoint.statusCode, endpoint.body).toBe(201);
      const secret = endpoint.json().data.secret as string;
      const starts = Date.now() + 30 * 86_400_000;
      const made = await staff('POST', '/events', {
        name: 'Noite B',
        address: 'Rua B, Porto',
        contact_email: 'b@example.pt',
        starts_at: new Date(starts).toISOString(),
        ends_at: new Date(starts + 4 * 3_600_000).toISOString(),
      });
      expect(made.statusCode, made.body).toBe(201);
      const eventId = made.json().data.id as number;
      const type = await staff('POST', `/events/${eventId}/ticket-types`, {
        name: 'Geral',
        price_cents: 1200,
        quantity: 50,
      });
      expect(type.statusCode, type.body).toBe(201);
      expect((await staff('POST', `/events/${eventId}/publish`, { visibility: 'public' })).statusCode).toBe(
        200,
      );

      const rui = await login(t.app, DEMO.rui);
      const order = await injectAs(t.app, rui, {
        method: 'POST',
        url: '/api/orders',
        payload: {
          event_id: eventId,
          include_cart: false,
          items: [{ ticket_id: type.json().data.id, qty: 2 }],
        },
      });
      expect(order.statusCode, order.body).toBe(201);
      const orderId = order.json().data.id as number;
      const paid = await injectAs(t.app, rui, {
        method: 'POST',
        url: `/api/orders/${orderId}/pay`,
        payload: {
          method: 'card',
          card: { number: '4242424242424242', expiry: '12/2099', name: 'Rui Costa' },
        },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const [ticket] = await t.database.db
        .select({ id: customerTickets.id })
        .from(customerTickets)
        .where(eq(customerTickets.orderId, orderId));
      const moved = await injectAs(t.app, rui, {
        method: 'POST',
        url: '/api/customers/transfer-ticket',
        payload: { customer_ticket_id: ticket!.id, mobile_country_code: '351', mobile: DEMO.ana.mobile },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const cancelled = await staff('POST', `/events/${eventId}/cancel`, { reason: 'Chuva' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);

      const now = new Date();
      await dispatchWebhookEvents(t.database.db, now);
      await deliverDueWebhooks(t.database.db, now, httpSender({ production: false }));
      const got = hooks.got.map((g) => JSON.parse(g.body) as { type: string; data: Record<string, unknown> });
      expect(got.map((g) => g.type).sort()).toEqual(['order.paid', 'order.refunded', 'ticket.transferred']);
      expect(got.find((g) => g.type === 'order.refunded')!.data).toMatchObject({
        id: orderId,
        status: 'refunded',
      });
      expect(got.find((g) => g.type === 'ticket.transferred')!.data).toMatchObject({
        ticket_id: ticket!.id,
        event_id: eventId,
        order_id: orderId,
        pending: false,
      });
      for (const g of hooks.got)
        expect(verifyWebhookSignature(String(g.headers['bilheteira-signature']), g.body, secret, now)).toBe(
          true,
        );
    } finally {
      await hooks.close();
    }
  });

  it('a receiver that does not answer in time: retried 30 s later, failed after the last attempt, replayable', async () => {
    const hanging = http.createServer(() => {
      // never answers
    });
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
    // an organiser of its own: no other test's delivery falls due in its clock
    const orgC = await newOrganizer(t);
    const ownerC = await staffAs(t, { role: 'owner', organizerId: orgC });
    try {
      const created = await asStaff(t, ownerC, {
        method: 'POST',
        url: `${base(orgC)}/webhooks`,
        payload: {
          url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/slow`,
          events: ['checkin.created'],
        },
      });
      const endpointId = created.json().data.id as number;
      // an event written directly: what is tested here is the delivery, not where it came from
      const eventId = randomUUID();
      await t.database.db.execute(sql`
        INSERT INTO webhook_events (id, organizer_id, type, source_id, body, occurred_at)
        VALUES (${eventId}, ${orgC}, 'checkin.created', 2147483000, '{"id":"x"}', now())`);
      const now = new Date();
      await t.database.db.insert(webhookDeliveries).values({ endpointId, eventId, nextAttemptAt: now });
      const slow = httpSender({ production: false, timeoutMs: 200 });
      // (other tests' deliveries may fall due too: this one's row is what is read)
      await deliverDueWebhooks(t.database.db, now, slow);
      const row = async () =>
        (
          await t.database.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.endpointId, endpointId))
        )[0]!;
      expect(await row()).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastStatus: null,
        claimedUntil: null,
      });
      expect((await row()).lastError).toMatch(/no answer in 0.2 s/);
      expect((await row()).nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
      // not due before then
      await deliverDueWebhooks(t.database.db, new Date(now.getTime() + 29_000), slow);
      expect((await row()).attempts).toBe(1);
      // the last attempt fails: given up
      await t.database.db
        .update(webhookDeliveries)
        .set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1 })
        .where(eq(webhookDeliveries.endpointId, endpointId));
      await deliverDueWebhooks(t.database.db, new Date(now.getTime() + 30_000), slow);
      expect(await row()).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS });
      const log = await asStaff(t, ownerC, {
        method: 'GET',
        url: `${base(orgC)}/webhooks/${endpointId}/deliveries?status=failed`,
      });
      expect(log.json().data).toHaveLength(1);
      const replay = await asStaff(t, ownerC, {
        method: 'POST',
        url: `${base(orgC)}/webhooks/${endpointId}/deliveries/${(await row()).id}/replay`,
      });
      expect(replay.statusCode, replay.body).toBe(200);
      expect(await row()).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((r) => hanging.close(() => r()));
    }
  });

  it('reads no paid order of before the endpoint existed', async () => {
    const [counted] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ${orders} WHERE status = 'paid'`,
    );
    expect(counted!.n).toBeGreaterThan(0);
    // the demo's paid orders predate every endpoint: no event was made of them, only of the
    // two orders these tests paid
    const [made] = await queryRows<{ made: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS made FROM webhook_events WHERE type = 'order.paid'`,
    );
    expect(made!.made).toBe(2);
  });
});
