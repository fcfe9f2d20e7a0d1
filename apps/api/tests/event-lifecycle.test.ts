/**
 * Postpone and cancel (issue 26 item 3): a cancelled session's paid orders are refunded once
 * through the provider (also under 20 concurrent cancels), its pending orders cancelled, its
 * places given back, other sessions untouched, holders told in their language; a postponed
 * event's holders are told and may ask for a refund inside the window (outside: a localised
 * 422); another organiser's ids answer 404 and a viewer 403.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, eventChanges, events, organizers } from '../src/db/schema/index';
import { DEMO_STAFF } from '../src/seed/staff.seed';
import { asStaff, newOrganizer, signInWithTotp, staffAs, type StaffSession } from './backoffice-sessions';
import { lifecycleHelpers } from './event-lifecycle.fixtures';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

let t: TestApp;
let ana: string;
let rui: string;
let owner: StaffSession;
let orgId: number;
let teatro: { id: number; ticket_types: { id: number }[]; sessions: { id: number }[] };

let h: ReturnType<typeof lifecycleHelpers>;
const rows = <T>(q: ReturnType<typeof sql>) => h.rows<T>(q);
const refundJob = () => h.refundJob();
const buy = (...args: Parameters<ReturnType<typeof lifecycleHelpers>['buy']>) => h.buy(...args);
const orderStatus = (id: number) => h.orderStatus(id);
const paymentsOf = (id: number) => h.paymentsOf(id);
const ticketStates = (id: number) => h.ticketStates(id);
const session = (id: number) => h.session(id);
const customerIdOf = (mobile: string) => h.customerIdOf(mobile);
const outboxTo = (customerId: number, kind: string) => h.outboxTo(customerId, kind);

const base = () => `/api/backoffice/organizers/${orgId}/events`;

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  h = lifecycleHelpers(t);
  ana = await login(t.app, DEMO.ana);
  rui = await login(t.app, DEMO.rui);
  // Rui reads English: his messages come in English, Ana's in Portuguese
  await t.database.db
    .update(customers)
    .set({ locale: 'en' })
    .where(eq(customers.mobile, `+351${DEMO.rui.mobile}`));
  orgId = (await t.database.db.select().from(organizers).where(eq(organizers.slug, 'promotora-demo')))[0]!.id;
  owner = await signInWithTotp(t, DEMO_STAFF.owner);
  teatro = (await t.app.inject({ url: '/api/events/teatro-demo' })).json().data;
});
afterAll(() => t.close());

describe('cancel a session', () => {
  it("refunds that session's paid orders once under 20 concurrent cancels; other sessions untouched", async () => {
    const [s0, s1] = [teatro.sessions[0]!.id, teatro.sessions[1]!.id];
    const typeId = teatro.ticket_types[0]!.id;
    const ruiOrder = await buy(rui, teatro.id, [{ ticket_id: typeId, session_id: s0, qty: 2 }]);
    const anaOther = await buy(ana, teatro.id, [{ ticket_id: typeId, session_id: s1, qty: 1 }]);
    const anaPending = await buy(ana, teatro.id, [{ ticket_id: typeId, session_id: s0, qty: 1 }], false);
    const typeSoldBefore = (
      await rows<{ sold: number }>(sql`SELECT sold FROM ticket_types WHERE id = ${typeId}`)
    )[0]!.sold;
    expect(await session(s0)).toMatchObject({ sold: 2, reserved: 1 });
    const s1Before = await session(s1);

    const url = `${base()}/${teatro.id}/sessions/${s0}/cancel`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        asStaff(t, owner, {
          method: 'POST',
          url,
          headers: { 'x-locale': 'en' },
          payload: { reason: 'Actor ill' },
        }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const first = answers.map((a) => a.json().data).filter((d) => !d.already);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      refunded_orders: 1,
      refund_cents: ruiOrder.total_cents,
      cancelled_orders: 1,
    });
    expect(answers.filter((a) => a.json().data.already)).toHaveLength(19);

    // the order is refunded at once; the money goes back through the provider's refund, once
    expect(await orderStatus(ruiOrder.id)).toBe('refunded');
    expect(await ticketStates(ruiOrder.id)).toEqual(['canceled', 'canceled']);
    expect((await paymentsOf(ruiOrder.id)).map((p) => p.status)).toEqual(['refund_pending']);
    expect(await refundJob()).toBe(1);
    expect(await refundJob()).toBe(0);
    const [paid] = await paymentsOf(ruiOrder.id);
    expect(paid).toMatchObject({ status: 'refunded', amount_cents: ruiOrder.total_cents });
    expect(paid!.refund_ref).toMatch(/^re_/);
    const refundedAudits = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'payment.refunded'`,
    );
    expect(refundedAudits[0]!.n).toBe(1);

    // the pending order is cancelled; places given back and the session's sale closed
    expect(await orderStatus(anaPending.id)).toBe('cancelled');
    expect(await session(s0)).toEqual({ sold: 0, reserved: 0, capacity: 0 });
    const typeSold = (
      await rows<{ sold: number }>(sql`SELECT sold FROM ticket_types WHERE id = ${typeId}`)
    )[0]!.sold;
    expect(typeSold).toBe(typeSoldBefore - 2);

    // the other session is untouched
    expect(await orderStatus(anaOther.id)).toBe('paid');
    expect(await ticketStates(anaOther.id)).toEqual(['active']);
    expect(await session(s1)).toEqual(s1Before);

    // the holder is told in his language (email and SMS); audit with the staff actor
    const told = await outboxTo(await customerIdOf(DEMO.rui.mobile), 'event_cancel');
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(told.find((m) => m.channel === 'email')!.subject).toBe('Teatro Demo has been cancelled');
    expect(told.find((m) => m.channel === 'email')!.body).toContain('Actor ill');
    expect(await outboxTo(await customerIdOf(DEMO.ana.mobile), 'event_cancel')).toHaveLength(0);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.session_cancel'), eq(auditLog.entityId, String(teatro.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor).toBe(`staff:${owner.userId}`);

    // the cancelled session sells nothing more
    const again = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/orders',
      payload: { event_id: teatro.id, items: [{ ticket_id: typeId, session_id: s0, qty: 1 }] },
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    // and is not moved any more
    const move = await asStaff(t, owner, {
      method: 'POST',
      url: `${base()}/${teatro.id}/sessions/${s0}/postpone`,
      payload: { date: '2099-01-01', hour: '21:00' },
    });
    expect(move.statusCode).toBe(409);
    expect(expectErrorShape(move).code).toBe('session_cancelled');
    // nor reopened by an edit of its capacity
    const reopen = await asStaff(t, owner, {
      method: 'PATCH',
      url: `${base()}/${teatro.id}/sessions/${s0}`,
      payload: { capacity: 500 },
    });
    expect(reopen.statusCode).toBe(409);
    expect((await session(s0)).capacity).toBe(0);
    // the event page says the session is cancelled (not sold out); the others stay on
    const page = (await t.app.inject({ url: '/api/events/teatro-demo' })).json().data as {
      sessions: { id: number; cancelled: boolean }[];
    };
    expect(page.sessions.find((x) => x.id === s0)!.cancelled).toBe(true);
    expect(page.sessions.find((x) => x.id === s1)!.cancelled).toBe(false);
  });
});

describe('cancel while a customer pays', () => {
  it('a payment racing the cancellation never leaves a paid order or a sold place', async () => {
    const s2 = teatro.sessions[2]!.id;
    const order = await buy(
      rui,
      teatro.id,
      [{ ticket_id: teatro.ticket_types[0]!.id, session_id: s2, qty: 1 }],
      false,
    );
    const url = `${base()}/${teatro.id}/sessions/${s2}/cancel`;
    const [paid, ...cancels] = await Promise.all([
      injectAs(t.app, rui, {
        method: 'POST',
        url: `/api/orders/${order.id}/pay`,
        payload: {
          method: 'card',
          card: { number: '4242424242424242', expiry: '12/2099', name: 'Rui Costa' },
        },
      }),
      ...Array.from({ length: 5 }, () => asStaff(t, owner, { method: 'POST', url, payload: {} })),
    ]);
    expect(paid.statusCode).toBeLessThan(500);
    for (const c of cancels) expect(c.statusCode, c.body).toBe(200);
    expect(cancels.filter((c) => !c.json().data.already)).toHaveLength(1);
    expect(['refunded', 'cancelled']).toContain(await orderStatus(order.id));
    expect((await ticketStates(order.id)).filter((x) => x === 'active')).toEqual([]);
    expect(await session(s2)).toEqual({ sold: 0, reserved: 0, capacity: 0 });
    // whatever was charged is owed back (refund_pending) or never taken
    for (const p of await paymentsOf(order.id))
      expect(['refund_pending', 'expired', 'declined']).toContain(p.status);
    // the refund job gives back what was charged (and leaves its queue empty for the next tests)
    await refundJob();
    for (const p of await paymentsOf(order.id))
      expect(['refunded', 'expired', 'declined']).toContain(p.status);
  });
});

describe('postpone', () => {
  let concertoId: number;
  let plateia: number;
  beforeAll(async () => {
    const c = (await t.app.inject({ url: '/api/events/concerto-demo' })).json().data;
    concertoId = c.id;
    plateia = c.ticket_types[0].id;
  });

  it('tells holders in their language; a refund asked inside the window works once', async () => {
    const ruiOrder = await buy(rui, concertoId, [{ ticket_id: plateia, qty: 1 }]);
    const anaOrder = await buy(ana, concertoId, [{ ticket_id: plateia, qty: 1 }]);
    const startsAt = new Date(Date.now() + 60 * 24 * 3600_000);
    const res = await asStaff(t, owner, {
      method: 'POST',
      url: `${base()}/${concertoId}/postpone`,
      payload: {
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 3 * 3600_000).toISOString(),
        refund_until: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.notified_customers).toBe(2);
    const [ev] = await t.database.db.select().from(events).where(eq(events.id, concertoId));
    expect(ev!.startsAt.toISOString()).toBe(startsAt.toISOString());

    const ruiMail = (await outboxTo(await customerIdOf(DEMO.rui.mobile), 'event_postpone')).find(
      (m) => m.channel === 'email',
    );
    expect(ruiMail!.subject).toBe('Concerto Demo has been postponed');
    const anaMail = (await outboxTo(await customerIdOf(DEMO.ana.mobile), 'event_postpone')).find(
      (m) => m.channel === 'email',
    );
    expect(anaMail!.subject).toBe('Concerto Demo foi adiado');

    // the customer's orders list offers the refund until the window's end
    const listed = async () =>
      (
        (await injectAs(t.app, rui, { method: 'GET', url: '/api/orders?per_page=50' })).json().data as {
          id: number;
          postponement_refund_until: string | null;
        }[]
      ).find((o) => o.id === ruiOrder.id)!.postponement_refund_until;
    expect(await listed()).toBe(res.json().data.change.refund_until);
    const ask = () =>
      injectAs(t.app, rui, { method: 'POST', url: `/api/orders/${ruiOrder.id}/postponement-refund` });
    const done = await ask();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      status: 'refunded',
      refund_cents: ruiOrder.total_cents,
      already: false,
    });
    expect(await ticketStates(ruiOrder.id)).toEqual(['canceled']);
    expect(await listed()).toBeNull();
    expect((await ask()).json().data).toMatchObject({ already: true, refund_cents: ruiOrder.total_cents });
    expect(await refundJob()).toBe(1);
    expect((await paymentsOf(ruiOrder.id))[0]!.status).toBe('refunded');

    // another customer's order: 404
    const other = await injectAs(t.app, ana, {
      method: 'POST',
      url: `/api/orders/${ruiOrder.id}/postponement-refund`,
    });
    expect(other.statusCode).toBe(404);

    // outside the window: a localised 422, nothing refunded
    await t.database.db
      .update(eventChanges)
      .set({ refundUntil: new Date(Date.now() - 60_000) })
      .where(eq(eventChanges.eventId, concertoId));
    for (const [locale, text] of [
      ['pt-pt', 'O prazo para pedir o reembolso deste evento adiado terminou.'],
      ['en', 'The deadline to ask for a refund of this postponed event has passed.'],
    ] as const) {
      const late = await injectAs(t.app, ana, {
        method: 'POST',
        url: `/api/orders/${anaOrder.id}/postponement-refund`,
        headers: { 'x-locale': locale },
      });
      expect(late.statusCode).toBe(422);
      expect(expectErrorShape(late)).toMatchObject({ code: 'postponement_refund_closed', message: text });
    }
    expect(await orderStatus(anaOrder.id)).toBe('paid');
  });

  it('an order of an event never postponed is refused (422)', async () => {
    const festival = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data;
    const order = await buy(ana, festival.id, [{ ticket_id: festival.ticket_types[0].id, qty: 1 }]);
    const res = await injectAs(t.app, ana, {
      method: 'POST',
      url: `/api/orders/${order.id}/postponement-refund`,
    });
    expect(res.statusCode).toBe(422);
    expect(expectErrorShape(res).code).toBe('event_not_postponed');
  });

  it('moves a session, tells its holders only; a refund window in the past is refused', async () => {
    const s3 = teatro.sessions[3]!.id;
    await buy(rui, teatro.id, [{ ticket_id: teatro.ticket_types[0]!.id, session_id: s3, qty: 1 }]);
    const url = `${base()}/${teatro.id}/sessions/${s3}/postpone`;
    const past = await asStaff(t, owner, {
      method: 'POST',
      url,
      payload: { date: '2099-05-01', hour: '21:30', refund_until: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.statusCode).toBe(422);
    expect(expectErrorShape(past).code).toBe('refund_until_past');
    const backwards = await asStaff(t, owner, {
      method: 'POST',
      url,
      headers: { 'x-locale': 'es' },
      payload: { date: '2020-05-01', hour: '21:30' },
    });
    expect(backwards.statusCode).toBe(422);
    expect(expectErrorShape(backwards)).toMatchObject({
      code: 'postpone_date_past',
      message: 'La nueva fecha tiene que ser en el futuro.',
    });
    const res = await asStaff(t, owner, {
      method: 'POST',
      url,
      payload: { date: '2099-05-01', hour: '21:30' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.change).toMatchObject({
      session_id: s3,
      kind: 'postpone',
      next: { date: '2099-05-01', hour: '21:30' },
    });
    expect(res.json().data.notified_customers).toBe(1);
    const list = await asStaff(t, owner, { url: `${base()}/${teatro.id}/changes` });
    expect(list.json().data.map((c: { kind: string }) => c.kind)).toEqual(['postpone', 'cancel', 'cancel']);
  });
});

describe('cancel an event', () => {
  it('refunds every paid order, opens wallet refunds, cancels once', async () => {
    const festival = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data;
    const order = await buy(rui, festival.id, [{ ticket_id: festival.ticket_types[0].id, qty: 1 }]);
    const url = `${base()}/${festival.id}/cancel`;
    const res = await asStaff(t, owner, { method: 'POST', url, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.already).toBe(false);
    expect(res.json().data.refunded_orders).toBeGreaterThanOrEqual(1);
    expect(await orderStatus(order.id)).toBe('refunded');
    const [ev] = await t.database.db.select().from(events).where(eq(events.id, festival.id));
    expect(ev).toMatchObject({ status: 'cancelled', refundsAllowed: true });
    expect(ev!.refundOpensAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(ev!.refundClosesAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    const again = await asStaff(t, owner, { method: 'POST', url, payload: {} });
    expect(again.json().data).toMatchObject({ already: true, refunded_orders: 0 });
    expect(
      (
        await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'event.cancel'`)
      )[0]!.n,
    ).toBe(1);
    // postponing a cancelled event: 409
    const move = await asStaff(t, owner, {
      method: 'POST',
      url: `${base()}/${festival.id}/postpone`,
      payload: { starts_at: '2099-01-01T20:00:00Z', ends_at: '2099-01-01T23:00:00Z' },
    });
    expect(move.statusCode).toBe(409);
  });
});

describe('who may', () => {
  it("another organiser's ids answer 404; a viewer 403; no session 401", async () => {
    const otherOrg = await newOrganizer(t);
    const stranger = await staffAs(t, { role: 'owner', organizerId: otherOrg });
    const viewer = await staffAs(t, { role: 'viewer', organizerId: orgId });
    const s = teatro.sessions[4]!.id;
    const theirs = `/api/backoffice/organizers/${orgId}/events/${teatro.id}/sessions/${s}/cancel`;
    const mine = `/api/backoffice/organizers/${otherOrg}/events/${teatro.id}/sessions/${s}/cancel`;
    expect((await asStaff(t, stranger, { method: 'POST', url: theirs, payload: {} })).statusCode).toBe(404);
    expect((await asStaff(t, stranger, { method: 'POST', url: mine, payload: {} })).statusCode).toBe(404);
    const denied = await asStaff(t, viewer, { method: 'POST', url: theirs, payload: {} });
    expect(denied.statusCode).toBe(403);
    expectErrorShape(denied);
    expect((await t.app.inject({ method: 'POST', url: theirs, payload: {} })).statusCode).toBe(401);
    // a session of another event of the organiser: 404
    const concerto = (await t.app.inject({ url: '/api/events/concerto-demo' })).json().data;
    const wrong = await asStaff(t, owner, {
      method: 'POST',
      url: `${base()}/${concerto.id}/sessions/${s}/cancel`,
      payload: {},
    });
    expect(wrong.statusCode).toBe(404);
    expect(await session(s)).toMatchObject({ capacity: 120 });
  });
});
