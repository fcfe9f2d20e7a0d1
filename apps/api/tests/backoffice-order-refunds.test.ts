/**
 * The back office changes a paid order (issue 27 item 2, second part): refunds some or all of
 * its lines to the original payment method (tickets cancelled, places back once, top-ups only up
 * to what the wallet holds unspent, the service cost in proportion, the buyer emailed in their
 * language, the order's story and the `order.refund` audit entry of the webhook), once per
 * Idempotency-Key however many times it is sent; a provider's refusal is recorded `failed` and
 * retried; and reassigns a ticket to another mobile, also on a sold-out event.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderResponse } from '@bilheteira/shared/schemas/backoffice-orders';
import { queryRows } from '../src/db/client';
import {
  auditLog,
  capacityGroupMembers,
  capacityGroups,
  customerTickets,
  customers,
  orderLines,
  orderRefunds,
  organizers,
  outbox,
  payments,
  ticketTransfers,
  ticketTypes,
  wallets,
} from '../src/db/schema/index';
import { createSession } from '../src/modules/identity/session.service';
import { refundOrderLines } from '../src/modules/payments/order-line-refund.admin.service';
import { cancelOrdersOfEvent } from '../src/modules/payments/order-refund.service';
import type { PaymentProvider } from '../src/modules/payments/payment-provider';
import { sandboxProvider } from '../src/modules/payments/sandbox-provider';
import { debitWallet } from '../src/modules/wallet/wallet-ledger.service';
import { ordersByIds } from '../src/modules/integrations/integrations-v1.repository';
import { asStaff, newOrganizer, staffAs, type StaffSession } from './backoffice-sessions';
import { createTestApp, expectErrorShape, injectAs, type TestApp } from './helpers';
import { DOOR_KEY, eventIdOf, festivalStartsToday } from './tickets.fixtures';

let t: TestApp;
let orgA: number;
let orgB: number;
let festival: number;
let dayType: number;
let owner: StaffSession;
let viewer: StaffSession;
let ownerB: StaffSession;
let buyerToken = '';
let buyerId = 0;

const base = (org = orgA) => `/api/backoffice/organizers/${org}/orders`;
const refund = (
  who: StaffSession,
  orderId: number,
  payload: object,
  key: string | null = randomUUID(),
  locale = 'pt-pt',
  org = orgA,
) =>
  asStaff(t, who, {
    method: 'POST',
    url: `${base(org)}/${orderId}/refunds`,
    headers: { 'x-locale': locale, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const story = async (orderId: number) => {
  const res = await asStaff(t, owner, { method: 'GET', url: `${base()}/${orderId}` });
  expect(res.statusCode, res.body).toBe(200);
  return adminOrderResponse.parse(res.json()).data;
};
const sold = async () =>
  (
    await t.database.db
      .select({ sold: ticketTypes.sold })
      .from(ticketTypes)
      .where(eq(ticketTypes.id, dayType))
  )[0]!.sold;
/** The sold count of each event day the tickets hold stock of (days with a capacity row). */
const daySold = async (days: string[]) =>
  (
    await queryRows<{ day: string; sold: number }>(
      t.database.db,
      sql`SELECT day, sold FROM event_day_stock WHERE event_id = ${festival} AND day = ANY(${`{${days.join(',')}}`}::text[]) ORDER BY day`,
    )
  ).map((r) => r.sold);

async function buy(items: { qty: number }, topup?: number): Promise<number> {
  const created = await injectAs(t.app, buyerToken, {
    method: 'POST',
    url: '/api/orders',
    payload: {
      event_id: festival,
      include_cart: false,
      items: [{ ticket_id: dayType, qty: items.qty }],
      ...(topup ? { topup_cents: topup } : {}),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const paid = await injectAs(t.app, buyerToken, {
    method: 'POST',
    url: `/api/orders/${id}/pay`,
    payload: { method: 'card', card: { number: '4242424242424242', expiry: '12/2099', name: 'Marta' } },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return id;
}
const linesOf = (orderId: number) =>
  t.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
const refundsOf = (orderId: number) =>
  t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 600_000 } });
  const db = t.database.db;
  orgA = (await db.select().from(organizers).where(eq(organizers.slug, 'promotora-demo')))[0]!.id;
  orgB = await newOrganizer(t);
  festival = await eventIdOf(t, 'festival-demo');
  await festivalStartsToday(t);
  dayType = (
    await db
      .select({ id: ticketTypes.id })
      .from(ticketTypes)
      .where(and(eq(ticketTypes.eventId, festival), eq(ticketTypes.name, 'Bilhete diário — dia 1')))
  )[0]!.id;
  owner = await staffAs(t, { role: 'owner', organizerId: orgA });
  viewer = await staffAs(t, { role: 'viewer', organizerId: orgA });
  ownerB = await staffAs(t, { role: 'owner', organizerId: orgB });
  const [row] = await db
    .insert(customers)
    .values({
      firstName: 'Marta',
      lastName: 'Reembolso',
      email: 'marta.reembolso@example.pt',
      mobile: '+351934555001',
      status: 'active',
      locale: 'en',
      emailVerifiedAt: new Date(),
      mobileVerifiedAt: new Date(),
    })
    .returning({ id: customers.id });
  buyerId = row!.id;
  buyerToken = await createSession(db, buyerId, new Date());
});
afterAll(() => t.close());

describe('POST …/orders/:orderId/refunds', () => {
  it('refunds one ticket of a line: cancelled, its place back once, the service share, the email in English, the story', async () => {
    const orderId = await buy({ qty: 2 }, 2000);
    const lines = await linesOf(orderId);
    const ticketLine = lines.find((l) => l.kind === 'ticket')!;
    const [typeBefore, dayBefore] = [await sold(), await daySold(ticketLine.stockDays)];
    const order = await story(orderId);
    const res = await refund(owner, orderId, {
      lines: [{ line_id: ticketLine.id, qty: 1 }],
      reason: 'Não pode ir',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { refund: r, order_status } = res.json().data;
    const share = Math.floor(order.service_cents / 2);
    expect(r).toMatchObject({
      status: 'refunded',
      tickets_cents: ticketLine.unitCents,
      service_cents: share,
      topup_cents: 0,
      amount_cents: ticketLine.unitCents + share,
      tickets_cancelled: 1,
      reason: 'Não pode ir',
    });
    expect(r.refund_ref).toMatch(/^re_/);
    expect(order_status).toBe('paid');
    expect(res.json().message).toContain('Reembolso de');
    // its place goes back, to the type and to the day, once
    expect(await sold()).toBe(typeBefore - 1);
    expect(await daySold(ticketLine.stockDays)).toEqual(dayBefore.map((n) => n - 1));
    const tickets = await t.database.db
      .select()
      .from(customerTickets)
      .where(eq(customerTickets.orderId, orderId));
    expect(tickets.map((x) => x.state).sort()).toEqual(['active', 'canceled']);
    // the door refuses the cancelled ticket
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: { 'x-device-key': DOOR_KEY },
      payload: { token: tickets.find((x) => x.state === 'canceled')!.token, nonce: randomUUID() },
    });
    expect(scan.json().data.result).not.toBe('ok');
    // the buyer's email, in their language, names the amount
    const mail = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.customerId, buyerId), sql`${outbox.meta}->>'kind' = 'order_refund'`));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Refund of order');
    expect(mail[0]!.body).toContain('Total refunded');
    expect(mail[0]!.body).toContain(((ticketLine.unitCents + share) / 100).toFixed(2).replace('.', ','));
    // the story: the line marked, the refund, a timeline entry; the webhook's audit entry
    const after = await story(orderId);
    expect(after.status).toBe('paid');
    expect(after.lines.find((l) => l.id === ticketLine.id)).toMatchObject({ refunded_qty: 1 });
    expect(after.refunds).toHaveLength(1);
    expect(after.timeline.some((e) => e.kind === 'order_refund' && e.detail === 'Não pode ir')).toBe(true);
    expect(after.can_refund).toBe(true);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'order'),
          eq(auditLog.entityId, String(orderId)),
          eq(auditLog.action, 'order.refund'),
        ),
      );
    expect(audits).toHaveLength(1);
    // the customer's own order page shows what came back of the line
    const mine = await injectAs(t.app, buyerToken, { url: `/api/orders/${orderId}` });
    expect(mine.json().data.lines.find((l: { id: number }) => l.id === ticketLine.id).refunded_cents).toBe(
      ticketLine.unitCents,
    );
    // the order as the integration API and the order.refunded webhook show it
    const [v1] = await ordersByIds(t.database.db, orgA, [orderId]);
    expect(v1!.status).toBe('paid');
    expect(v1!.lines.find((l) => l.kind === 'ticket')).toMatchObject({
      qty: 2,
      refunded_qty: 1,
      refunded_cents: ticketLine.unitCents,
    });
  });

  it("refunds a top-up only up to what the wallet holds unspent (422 in the team's language), then the rest", async () => {
    const orderId = await buy({ qty: 1 }, 3000);
    const topupLine = (await linesOf(orderId)).find((l) => l.kind === 'topup')!;
    // the customer spends 12 € of it at the bar
    const [wallet] = await t.database.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.customerId, buyerId), eq(wallets.eventId, festival)));
    await t.database.db.transaction((tx) =>
      debitWallet(
        tx,
        {
          walletId: wallet!.id,
          type: 'consumption',
          amountCents: wallet!.onlineCents - 1800,
          source: 'online',
          idempotencyKey: randomUUID(),
          description: 'Bar',
        },
        new Date(),
      ),
    );
    const refused = await refund(owner, orderId, { lines: [{ line_id: topupLine.id }] }, randomUUID(), 'en');
    expect(refused.statusCode).toBe(422);
    expectErrorShape(refused);
    expect(refused.json().code).toBe('refund_topup_spent');
    expect(refused.json().message).toContain('18,00');
    expect(refused.json().message).toContain('unspent');
    const part = await refund(owner, orderId, { lines: [{ line_id: topupLine.id, amount_cents: 1800 }] });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data.refund).toMatchObject({
      topup_cents: 1800,
      service_cents: 0,
      amount_cents: 1800,
    });
    const [w] = await t.database.db.select().from(wallets).where(eq(wallets.id, wallet!.id));
    expect(w!.onlineCents).toBe(0);
    expect((await story(orderId)).topup_unspent_cents).toBe(0);
  });

  it('refunds the whole order: every ticket, the whole service cost, order refunded; then nothing more', async () => {
    const orderId = await buy({ qty: 3 });
    const typeBefore = await sold();
    const order = await story(orderId);
    const first = await refund(owner, orderId, { lines: [{ line_id: order.lines[0]!.id, qty: 1 }] });
    expect(first.statusCode, first.body).toBe(200);
    const all = await refund(owner, orderId, { all: true });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.order_status).toBe('refunded');
    const rows = await refundsOf(orderId);
    // every cent paid back, in two refunds; the service cost whole
    expect(rows.reduce((n, r) => n + r.amountCents, 0)).toBe(order.total_cents);
    expect(rows.reduce((n, r) => n + r.serviceCents, 0)).toBe(order.service_cents);
    expect(await sold()).toBe(typeBefore - 3);
    const again = await refund(owner, orderId, { all: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('order_not_refundable');
  });

  it('ten requests with one Idempotency-Key at once refund once', async () => {
    const orderId = await buy({ qty: 2 });
    const line = (await linesOf(orderId))[0]!;
    const typeBefore = await sold();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        refund(owner, orderId, { lines: [{ line_id: line.id, qty: 1 }] }, key),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().data.refund.id)).size).toBe(1);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect((await linesOf(orderId))[0]!.refundedQty).toBe(1);
    expect(await sold()).toBe(typeBefore - 1);
    const sent = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(orderId)), eq(auditLog.action, 'order.refund_sent')));
    expect(sent).toHaveLength(1);
  });

  it('bad input is a localised 400; too many tickets a 422; roles and other organisers refused', async () => {
    const orderId = await buy({ qty: 1 });
    const line = (await linesOf(orderId))[0]!;
    for (const payload of [
      {},
      { lines: [] },
      { lines: [{ line_id: line.id, qty: 0 }] },
      { lines: [{ line_id: line.id, qty: -1 }] },
      { lines: [{ line_id: line.id, qty: 1.5 }] },
      { lines: [{ line_id: 999_999_999, qty: 1 }] },
      {
        lines: [
          { line_id: line.id, qty: 1 },
          { line_id: line.id, qty: 1 },
        ],
      },
      { lines: [{ line_id: line.id, amount_cents: 100 }] },
      { all: true, lines: [{ line_id: line.id, qty: 1 }] },
    ]) {
      const res = await refund(owner, orderId, payload, randomUUID(), 'es');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectErrorShape(res);
    }
    const unknown = await refund(
      owner,
      orderId,
      { lines: [{ line_id: 999_999_999, qty: 1 }] },
      randomUUID(),
      'en',
    );
    expect(Object.values(unknown.json().errors).flat()).toContain('This line is not in this order.');
    const noKey = await refund(owner, orderId, { all: true }, null);
    expect(noKey.statusCode).toBe(400);
    expect(Object.keys(noKey.json().errors)).toContain('idempotency-key');
    const tooMany = await refund(owner, orderId, { lines: [{ line_id: line.id, qty: 2 }] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().code).toBe('refund_too_many');
    expect((await refund(viewer, orderId, { all: true })).statusCode).toBe(403);
    // another organiser: its own path with this order, or this organiser's path: 404
    expect((await refund(ownerB, orderId, { all: true }, randomUUID(), 'pt-pt', orgB)).statusCode).toBe(404);
    expect((await refund(ownerB, orderId, { all: true })).statusCode).toBe(404);
    expect(await refundsOf(orderId)).toHaveLength(0);
  });

  it("a provider's refusal is recorded failed (tickets still cancelled), shown in the story, and retried", async () => {
    const orderId = await buy({ qty: 1 });
    const failing: PaymentProvider = {
      ...sandboxProvider(),
      async refund() {
        throw new Error('acquirer unavailable');
      },
    };
    const line = (await linesOf(orderId))[0]!;
    const r = await refundOrderLines(
      { db: t.database.db, provider: failing, publicUrl: 'http://localhost:3000' },
      {
        organizerId: orgA,
        orderId,
        all: false,
        lines: [{ line_id: line.id, qty: 1 }],
        reason: '',
        idempotencyKey: randomUUID(),
        actor: `staff:${owner.userId}`,
      },
      new Date(),
    );
    expect(r.refund).toMatchObject({ status: 'failed', error: 'acquirer unavailable' });
    const [row] = await refundsOf(orderId);
    expect(row).toMatchObject({ status: 'failed', error: 'acquirer unavailable', attempts: 1 });
    const s = await story(orderId);
    expect(s.refunds[0]).toMatchObject({ status: 'failed', error: 'acquirer unavailable' });
    expect(s.tickets[0]!.status).toBe('canceled');
    const retried = await asStaff(t, owner, {
      method: 'POST',
      url: `${base()}/${orderId}/refunds/${row!.id}/retry`,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.refund.status).toBe('refunded');
    const twice = await asStaff(t, owner, {
      method: 'POST',
      url: `${base()}/${orderId}/refunds/${row!.id}/retry`,
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('POST …/orders/:orderId/tickets/:ticketId/reassign', () => {
  const reassign = (
    who: StaffSession,
    orderId: number,
    ticketId: number,
    payload: object,
    locale = 'pt-pt',
  ) =>
    asStaff(t, who, {
      method: 'POST',
      url: `${base()}/${orderId}/tickets/${ticketId}/reassign`,
      headers: { 'x-locale': locale },
      payload,
    });

  it('gives a ticket of a sold-out type to a new mobile: SMS with the registration link, old token revoked, story and audit', async () => {
    const orderId = await buy({ qty: 2 });
    // sold out: no place left of the type
    const quantity = (
      await t.database.db
        .select({ quantity: ticketTypes.quantity })
        .from(ticketTypes)
        .where(eq(ticketTypes.id, dayType))
    )[0]!.quantity;
    await t.database.db
      .update(ticketTypes)
      .set({ quantity: sql`sold` })
      .where(eq(ticketTypes.id, dayType));
    const typeBefore = await sold();
    const [ticket] = await t.database.db
      .select()
      .from(customerTickets)
      .where(eq(customerTickets.orderId, orderId));
    const res = await reassign(owner, orderId, ticket!.id, {
      mobile_country_code: '351',
      mobile: '912 345 987',
      reason: 'Pedido do comprador por telefone',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      ticket_id: ticket!.id,
      pending: true,
      to_mobile: '+351912345987',
    });
    expect(await sold()).toBe(typeBefore);
    const [moved] = await t.database.db
      .select()
      .from(customerTickets)
      .where(eq(customerTickets.id, ticket!.id));
    expect(moved).toMatchObject({ customerId: null, pendingMobile: '+351912345987', state: 'active' });
    expect(moved!.token).not.toBe(ticket!.token);
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: { 'x-device-key': DOOR_KEY },
      payload: { token: ticket!.token, nonce: randomUUID() },
    });
    expect(scan.json().data.result).not.toBe('ok');
    const [sms] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, '+351912345987'), eq(outbox.channel, 'sms')));
    expect(sms!.body).toContain('/dashboard/register?');
    expect(sms!.body).toContain('Promotora');
    // the buyer, who held it, is told it went to someone else (in English, their language)
    const [away] = await t.database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.recipient, '+351934555001'), sql`${outbox.meta}->>'kind' = 'ticket_reassigned_away'`),
      );
    expect(away!.body).toContain('no longer admits');
    const transfers = await t.database.db
      .select()
      .from(ticketTransfers)
      .where(eq(ticketTransfers.ticketId, ticket!.id));
    expect(transfers).toHaveLength(1);
    const s = await story(orderId);
    expect(s.tickets.find((x) => x.id === ticket!.id)!.holder.pending_mobile).toBe('+351912345987');
    expect(s.timeline.some((e) => e.kind === 'audit' && e.action === 'ticket.reassign')).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.reassign'), eq(auditLog.entityId, String(ticket!.id))));
    expect(entry!.actor).toBe(`staff:${owner.userId}`);
    expect((entry!.data as { reason: string }).reason).toBe('Pedido do comprador por telefone');
    await t.database.db.update(ticketTypes).set({ quantity }).where(eq(ticketTypes.id, dayType));
  });

  it('refuses a used or cancelled ticket, the same holder, a bad number, other roles', async () => {
    const orderId = await buy({ qty: 2 });
    const tickets = await t.database.db
      .select()
      .from(customerTickets)
      .where(eq(customerTickets.orderId, orderId));
    const body = { mobile_country_code: '351', mobile: '913000444', reason: 'Troca' };
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: { 'x-device-key': DOOR_KEY },
      payload: { token: tickets[0]!.token, nonce: randomUUID() },
    });
    expect(scan.json().data.result).toBe('ok');
    const used = await reassign(owner, orderId, tickets[0]!.id, body, 'en');
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toContain('already been used');
    await t.database.db
      .update(customerTickets)
      .set({ state: 'canceled' })
      .where(eq(customerTickets.id, tickets[1]!.id));
    const cancelled = await reassign(owner, orderId, tickets[1]!.id, body, 'es');
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().code).toBe('ticket_cancelled');
    const fresh = await buy({ qty: 1 });
    const [mine] = await t.database.db
      .select()
      .from(customerTickets)
      .where(eq(customerTickets.orderId, fresh));
    const same = await reassign(owner, fresh, mine!.id, { ...body, mobile: '934555001' });
    expect(same.statusCode).toBe(422);
    const bad = await reassign(owner, fresh, mine!.id, { ...body, mobile: '12' });
    expect(bad.statusCode).toBe(400);
    expectErrorShape(bad);
    const noReason = await reassign(owner, fresh, mine!.id, { ...body, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect((await reassign(viewer, fresh, mine!.id, body)).statusCode).toBe(403);
    expect((await reassign(owner, orderId, mine!.id, body)).statusCode).toBe(404);
  });
});

describe('an event cancelled after a partial refund', () => {
  it('gives back only what is left (tickets and service), and each place once, capacity groups too', async () => {
    const db = t.database.db;
    const [group] = await db
      .insert(capacityGroups)
      .values({ eventId: festival, name: 'Recinto', capacity: 10_000 })
      .returning();
    await db.insert(capacityGroupMembers).values({ groupId: group!.id, ticketTypeId: dayType });
    const groupSold = async () =>
      (
        await db
          .select({ sold: capacityGroups.sold })
          .from(capacityGroups)
          .where(eq(capacityGroups.id, group!.id))
      )[0]!.sold;
    const orderId = await buy({ qty: 3 }, 1000);
    const [typeAfterBuy, groupAfterBuy] = [await sold(), await groupSold()];
    expect(groupAfterBuy).toBe(3);
    const order = await story(orderId);
    const ticketLine = order.lines.find((l) => l.kind === 'ticket')!;
    const part = await refund(owner, orderId, { lines: [{ line_id: ticketLine.id, qty: 1 }] });
    expect(part.statusCode, part.body).toBe(200);
    const partCents = part.json().data.refund.amount_cents as number;
    expect(await groupSold()).toBe(2);
    expect(await sold()).toBe(typeAfterBuy - 1);

    await db.transaction((tx) =>
      cancelOrdersOfEvent(
        tx,
        { eventId: festival, sessionId: null },
        `staff:${owner.userId}`,
        'event_cancelled',
        new Date(),
      ),
    );
    // the two tickets left go back, not the one refunded already (the group holds only this
    // order's places: given back twice, it would be -1; the type's count also drops by every
    // other order of the cancelled festival)
    expect(await groupSold()).toBe(0);
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'refund_pending')));
    // what is left to give back: the order less its top-up (which stays in the wallet) less the partial refund
    expect(payment!.meta.refund_cents).toBe(order.total_cents - 1000 - partCents);
    expect((await story(orderId)).status).toBe('refunded');
  });
});
