/**
 * Payouts (issue 27 item 7) and the refund queue's refunds to payment methods (item 6).
 *
 * - Reconciliation: fast-check writes random orders (paid inside, before and after a period),
 *   whole-order refunds in every provider state, line refunds, a payment given back because it
 *   was never the order's, and wallet ledger rows (online and on-site top-ups, bar sales,
 *   refund requests and fees); the payout of the period, and of all time, equals the sums
 *   computed here from those rows, to the cent, and collected − refunds − chargebacks = owed +
 *   the platform's fee kept.
 * - A real order bought through the API shows in the event's payout; the CSV holds it.
 * - Tenancy and roles: another organiser's event 404; viewer 403; finance reads.
 * - The queue: a cancelled session's refund is listed as a cancellation; a failed one is tried
 *   again by 10 people at once and given back once.
 * - The payout's reads reach the big tables through indexes (EXPLAIN).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutEventResponse, payoutListResponse } from '@bilheteira/shared/schemas/backoffice-payouts';
import { adminPaymentRefundListResponse } from '@bilheteira/shared/schemas/backoffice-payment-refunds';
import type { DbOrTx } from '../src/db/client';
import {
  customers,
  orderRefunds,
  orders,
  organizers,
  paymentDisputes,
  payments,
  rateLimits,
  wallets,
  walletTransactions,
} from '../src/db/schema/index';
import { chargebacksOfEvents } from '../src/modules/payments/disputes.repository';
import {
  orderRefundsOfEvents,
  organizerFailedRefundCount,
  organizerPaymentRefunds,
} from '../src/modules/payments/refund-queue.repository';
import { organizerPayoutEvents, salesOfEvents } from '../src/modules/payouts/payouts.repository';
import { ledgerPeriodTotals } from '../src/modules/wallet/wallet-payout.repository';
import { DEMO_STAFF } from '../src/seed/staff.seed';
import {
  asStaff,
  newDraftEvent,
  newOrganizer,
  signInWithTotp,
  staffAs,
  type StaffSession,
} from './backoffice-sessions';
import { lifecycleHelpers } from './event-lifecycle.fixtures';
import { createTestApp, DEMO, login, type TestApp } from './helpers';

const WEBHOOK_SECRET = 'whsec_payouts_fixture';
let t: TestApp;
let orgId: number;
let owner: StaffSession;
let customerId: number;
let h: ReturnType<typeof lifecycleHelpers>;

beforeAll(async () => {
  t = await createTestApp({
    config: { MAX_EVENT_LOOP_DELAY_MS: 60_000, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  h = lifecycleHelpers(t);
  orgId = (await t.database.db.select().from(organizers).where(eq(organizers.slug, 'promotora-demo')))[0]!.id;
  owner = await signInWithTotp(t, DEMO_STAFF.owner);
  // the generated orders' buyer: nobody who buys through the API here (order limits count orders)
  customerId = (
    await t.database.db
      .insert(customers)
      .values({ firstName: 'Payout', lastName: 'Buyer', email: `payout-${randomUUID()}@example.pt` })
      .returning()
  )[0]!.id;
});
afterAll(() => t.close());

const get = (who: StaffSession, url: string, locale = 'pt-pt') =>
  asStaff(t, who, { method: 'GET', url, headers: { 'x-locale': locale } });

// The period: 10 to 20 March 2026 in Lisbon (UTC+0 then), both days included.
const FROM = '2026-03-10';
const TO = '2026-03-20';
const FROM_AT = Date.parse('2026-03-10T00:00:00Z');
const TO_AT = Date.parse('2026-03-21T00:00:00Z');
/** Instants on and around the period's edges, and well inside and outside it. */
const instant = fc.oneof(
  fc.constantFrom(FROM_AT, FROM_AT - 1, TO_AT, TO_AT - 1),
  fc.integer({ min: FROM_AT - 5 * 86_400_000, max: TO_AT + 5 * 86_400_000 }),
);
const inPeriod = (ms: number) => ms >= FROM_AT && ms < TO_AT;

const orderArb = fc.record({
  tickets: fc.integer({ min: 0, max: 30_000 }),
  service: fc.integer({ min: 0, max: 3_000 }),
  topup: fc.oneof(fc.constant(0), fc.integer({ min: 500, max: 10_000 })),
  paidAt: instant,
  /** a whole-order refund through the payment: its state and date, or none */
  whole: fc.option(
    fc.record({
      status: fc.constantFrom('refund_pending', 'refund_failed', 'refunded'),
      at: instant,
      reason: fc.constantFrom('event_cancelled', 'session_cancelled', 'event_postponed'),
    }),
  ),
  /** refunds of some lines (the team's), each a share of what is left */
  lines: fc.array(
    fc.record({
      share: fc.double({ min: 0, max: 0.5, noNaN: true }),
      status: fc.constantFrom('pending', 'failed', 'refunded'),
      at: instant,
    }),
    { maxLength: 2 },
  ),
  /** a payment approved too late and given back whole: not the order's money */
  stray: fc.boolean(),
  /** the buyer's bank disputes the payment: a share of it, its status and when it was opened */
  dispute: fc.option(
    fc.record({
      share: fc.double({ min: 0.1, max: 1, noNaN: true }),
      status: fc.constantFrom('inquiry', 'open', 'won', 'lost', 'closed'),
      at: instant,
    }),
  ),
});
const ledgerArb = fc.array(
  fc.record({
    type: fc.constantFrom('topup_online', 'topup_onsite', 'consumption', 'refund', 'fee'),
    cents: fc.integer({ min: 1, max: 5_000 }),
    at: instant,
  }),
  { maxLength: 12 },
);

type OrderCase = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;
type LedgerCase = typeof ledgerArb extends fc.Arbitrary<infer T> ? T : never;

interface Expected {
  orders: number;
  tickets: number;
  service: number;
  topups: number;
  refunds: number;
  owedBack: number;
  refundFee: number;
  refundTopups: number;
  chargebacks: number;
  wallet: Record<string, number>;
}

/** Writes one scenario's rows on a new event and answers the sums the payout must show. */
async function writeScenario(
  eventId: number,
  list: OrderCase[],
  ledger: LedgerCase,
  within: (ms: number) => boolean,
  before: (ms: number) => boolean,
): Promise<Expected> {
  const db = t.database.db;
  const e: Expected = {
    orders: 0,
    tickets: 0,
    service: 0,
    topups: 0,
    refunds: 0,
    owedBack: 0,
    refundFee: 0,
    refundTopups: 0,
    chargebacks: 0,
    wallet: { topups_online: 0, topups_onsite: 0, bar: 0, refunds: 0, fees: 0, float: 0 },
  };
  for (const o of list) {
    const total = o.tickets + o.service + o.topup;
    const [order] = await db
      .insert(orders)
      .values({
        reference: `P${randomUUID().slice(0, 12)}`,
        customerId,
        eventId,
        status: o.whole && o.tickets + o.service > 0 ? 'refunded' : 'paid',
        subtotalCents: o.tickets,
        serviceCents: o.service,
        totalCents: total,
        expiresAt: new Date(o.paidAt),
        paidAt: new Date(o.paidAt),
      })
      .returning();
    if (within(o.paidAt)) {
      e.orders++;
      e.tickets += o.tickets;
      e.service += o.service;
      e.topups += o.topup;
    }
    const [payment] = await db
      .insert(payments)
      .values({
        orderId: order!.id,
        provider: 'sandbox',
        method: 'card',
        providerRef: `pi_${randomUUID()}`,
        status: 'approved',
        amountCents: total,
      })
      .returning();
    // line refunds first (the whole refund gives back what they left)
    let ticketsLeft = o.tickets;
    let serviceLeft = o.service;
    let topupLeft = o.topup;
    for (const l of o.lines) {
      const tickets = Math.floor(ticketsLeft * l.share);
      const service = Math.floor(serviceLeft * l.share);
      const topup = Math.floor(topupLeft * l.share);
      ticketsLeft -= tickets;
      serviceLeft -= service;
      topupLeft -= topup;
      const amount = tickets + service + topup;
      await db.insert(orderRefunds).values({
        orderId: order!.id,
        paymentId: payment!.id,
        lines: [],
        ticketsCents: tickets,
        topupCents: topup,
        serviceCents: service,
        amountCents: amount,
        status: l.status,
        actor: 'staff:test',
        idempotencyKey: randomUUID(),
        refundedAt: l.status === 'refunded' ? new Date(l.at) : null,
        createdAt: new Date(l.at),
      });
      if (within(l.at)) {
        e.refunds += amount;
        e.refundFee += service;
        e.refundTopups += topup;
        if (l.status !== 'refunded') e.owedBack += amount;
      }
    }
    const refund = ticketsLeft + serviceLeft;
    // the order-refund path records a refund only when something is given back
    if (o.whole && refund > 0) {
      await db
        .update(payments)
        .set({
          status: o.whole.status,
          meta: { refund_cents: refund, refund_reason: o.whole.reason },
          refundedAt: o.whole.status === 'refunded' ? new Date(o.whole.at) : null,
          updatedAt: new Date(o.whole.at),
        })
        .where(eq(payments.id, payment!.id));
      // a refund_cents of 0 or of the whole payment is the whole payment (refundAmountOf)
      const given = refund > 0 && refund < total ? refund : total;
      if (within(o.whole.at)) {
        e.refunds += given;
        e.refundFee += Math.min(serviceLeft, given);
        if (o.whole.status !== 'refunded') e.owedBack += given;
      }
    }
    if (o.dispute) {
      const amount = Math.max(1, Math.floor(total * o.dispute.share));
      await db.insert(paymentDisputes).values({
        paymentId: payment!.id,
        provider: 'sandbox',
        disputeRef: `dp_${randomUUID()}`,
        amountCents: amount,
        status: o.dispute.status,
        createdAt: new Date(o.dispute.at),
      });
      if (within(o.dispute.at) && ['open', 'lost'].includes(o.dispute.status)) e.chargebacks += amount;
    }
    if (o.stray)
      await db.insert(payments).values({
        orderId: order!.id,
        provider: 'sandbox',
        method: 'card',
        providerRef: `pi_${randomUUID()}`,
        status: 'refunded',
        amountCents: 777,
        refundedAt: new Date(o.paidAt),
        updatedAt: new Date(o.paidAt),
      });
  }
  const [wallet] = await db.insert(wallets).values({ eventId }).returning();
  let balance = 0;
  for (const r of ledger) {
    const credit = r.type.startsWith('topup');
    const amount = credit ? r.cents : -r.cents;
    balance += amount;
    await db.insert(walletTransactions).values({
      walletId: wallet!.id,
      type: credit ? 'topup' : r.type,
      amountCents: amount,
      onlineDeltaCents: r.type === 'topup_online' ? r.cents : 0,
      idempotencyKey: randomUUID(),
      occurredAt: new Date(r.at),
    });
    if (before(r.at)) e.wallet.float! += amount;
    if (!within(r.at)) continue;
    const key = (
      {
        topup_online: 'topups_online',
        topup_onsite: 'topups_onsite',
        consumption: 'bar',
        refund: 'refunds',
        fee: 'fees',
      } as Record<string, string>
    )[r.type]!;
    e.wallet[key] = e.wallet[key]! + r.cents;
  }
  await db.update(wallets).set({ balanceCents: balance }).where(eq(wallets.id, wallet!.id));
  return e;
}

function expectFigures(f: ReturnType<typeof payoutEventResponse.parse>['data']['figures'], e: Expected) {
  const refundTickets = e.refunds - e.refundFee - e.refundTopups;
  expect(f).toMatchObject({
    orders: e.orders,
    tickets_gross_cents: e.tickets,
    service_fee_cents: e.service,
    online_topups_cents: e.topups,
    collected_cents: e.tickets + e.service + e.topups,
    refunds_cents: e.refunds,
    refunds_owed_cents: e.owedBack,
    refunds_service_fee_cents: e.refundFee,
    refunds_topups_cents: e.refundTopups,
    refunds_tickets_cents: refundTickets,
    chargebacks_cents: e.chargebacks,
    chargebacks_recorded: true,
    service_fee_kept_cents: e.service - e.refundFee,
    owed_cents: e.tickets - refundTickets + e.topups - e.refundTopups - e.chargebacks,
    wallet: {
      topups_online_cents: e.wallet.topups_online,
      topups_onsite_cents: e.wallet.topups_onsite,
      bar_sales_cents: e.wallet.bar,
      refunds_cents: e.wallet.refunds,
      refund_fees_cents: e.wallet.fees,
      float_end_cents: e.wallet.float,
    },
  });
  // the identity a payout statement keeps, whatever the data
  expect(f.collected_cents - f.refunds_cents - f.chargebacks_cents).toBe(
    f.owed_cents + f.service_fee_kept_cents,
  );
}

describe('payout of an event', () => {
  it('equals the sums of its orders, refunds and wallet ledger, in a period and over all time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(orderArb, { maxLength: 6 }), ledgerArb, async (list, ledger) => {
        const eventId = await newDraftEvent(t, owner, orgId, { name: 'Payout' });
        const inPeriodSums = await writeScenario(eventId, list, ledger, inPeriod, (ms) => ms < TO_AT);
        const base = `/api/backoffice/organizers/${orgId}/payouts/events/${eventId}`;
        const res = await get(owner, `${base}?from=${FROM}&to=${TO}`);
        expect(res.statusCode, res.body).toBe(200);
        expectFigures(payoutEventResponse.parse(res.json()).data.figures, inPeriodSums);
        // all time: the same rows, every one counted (read again from what was written)
        const all = payoutEventResponse.parse((await get(owner, base)).json()).data.figures;
        expect(all.collected_cents).toBe(list.reduce((n, o) => n + o.tickets + o.service + o.topup, 0));
        // all time, the ledger's figures come from ledger_totals: the same sums
        const sumOf = (type: string) =>
          ledger.filter((r) => r.type === type).reduce((n, r) => n + r.cents, 0);
        expect(all.wallet).toEqual({
          topups_online_cents: sumOf('topup_online'),
          topups_onsite_cents: sumOf('topup_onsite'),
          bar_sales_cents: sumOf('consumption'),
          refunds_cents: sumOf('refund'),
          refund_fees_cents: sumOf('fee'),
          float_end_cents: ledger.reduce((n, r) => n + (r.type.startsWith('topup') ? r.cents : -r.cents), 0),
        });
        expect(all.collected_cents - all.refunds_cents - all.chargebacks_cents).toBe(
          all.owed_cents + all.service_fee_kept_cents,
        );
      }),
      { numRuns: 12 },
    );
  });

  it("shows a real order, lists the organiser's events, exports CSV; other organiser 404; viewer 403", async () => {
    const festival = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data as {
      id: number;
      ticket_types: { id: number; price_cents: number }[];
    };
    const base = `/api/backoffice/organizers/${orgId}/payouts`;
    const before = payoutEventResponse.parse((await get(owner, `${base}/events/${festival.id}`)).json()).data;
    // the property above made many events from this address: its write limit starts again
    await t.database.db.delete(rateLimits);
    const ana = await login(t.app, DEMO.ana);
    const order = await h.buy(ana, festival.id, [{ ticket_id: festival.ticket_types[0]!.id, qty: 1 }]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    const after = payoutEventResponse.parse(
      (await get(owner, `${base}/events/${festival.id}`, 'en')).json(),
    ).data;
    expect(after.figures.tickets_gross_cents - before.figures.tickets_gross_cents).toBe(row!.subtotalCents);
    expect(after.figures.service_fee_cents - before.figures.service_fee_cents).toBe(row!.serviceCents);
    expect(after.figures.owed_cents - before.figures.owed_cents).toBe(row!.subtotalCents);
    expect(after.lines.find((l) => l.key === 'owed')).toMatchObject({
      label: 'Owed to the organiser',
      cents: after.figures.owed_cents,
    });
    // today is outside a period of last year
    const old = (await get(owner, `${base}/events/${festival.id}?from=2020-01-01&to=2020-12-31`)).json();
    expect(old.data.figures.collected_cents).toBe(0);

    const list = payoutListResponse.parse((await get(owner, base)).json()).data;
    const mine = list.events.find((e) => e.event.id === festival.id)!;
    expect(mine.figures).toEqual(after.figures);
    expect(list.totals.owed_cents).toBe(list.events.reduce((n, e) => n + e.figures.owed_cents, 0));

    const csv = await get(owner, `${base}/export?event_id=${festival.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('A pagar ao organizador (EUR)');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain((after.figures.owed_cents / 100).toFixed(2).replace('.', ','));

    // bad input: 400 with the field, never 500
    const bad = await get(owner, `${base}?from=2026-02-30`, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.from).toBeTruthy();
    expect((await get(owner, `${base}?from=2026-03-10&to=2026-03-01`)).statusCode).toBe(400);

    const orgB = await newOrganizer(t);
    const ownerB = await staffAs(t, { role: 'owner', organizerId: orgB });
    expect((await get(ownerB, `${base}/events/${festival.id}`)).statusCode).toBe(404);
    expect(
      (await get(ownerB, `/api/backoffice/organizers/${orgB}/payouts/events/${festival.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(ownerB, `/api/backoffice/organizers/${orgB}/payouts/export?event_id=${festival.id}`))
        .statusCode,
    ).toBe(404);
    const viewer = await staffAs(t, { role: 'viewer', organizerId: orgId });
    expect((await get(viewer, base)).statusCode).toBe(403);
    const finance = await staffAs(t, { role: 'finance', organizerId: orgId });
    expect((await get(finance, base)).statusCode).toBe(200);
  });
});

describe('chargebacks', () => {
  it('a Stripe dispute (signed webhook, delivered twice) and a sandbox one are taken off what is owed', async () => {
    const eventId = await newDraftEvent(t, owner, orgId, { name: 'Disputas' });
    // two paid orders on a fresh event: one as if paid through Stripe, one in the sandbox
    const [stripePaid, sandboxPaid] = await Promise.all(
      [3000, 5000].map(async (cents) => {
        const [order] = await t.database.db
          .insert(orders)
          .values({
            reference: `D${randomUUID().slice(0, 12)}`,
            customerId,
            eventId,
            status: 'paid',
            subtotalCents: cents,
            serviceCents: 0,
            totalCents: cents,
            expiresAt: new Date(),
            paidAt: new Date(),
          })
          .returning();
        const [payment] = await t.database.db
          .insert(payments)
          .values({
            orderId: order!.id,
            provider: cents === 3000 ? 'stripe' : 'sandbox',
            method: 'card',
            providerRef: `pi_${randomUUID()}`,
            status: 'approved',
            amountCents: cents,
          })
          .returning();
        return payment!;
      }),
    );
    const stripe = new Stripe('sk_test_dummy');
    const deliver = (type: string, status: string) => {
      const payload = JSON.stringify({
        id: `evt_${randomUUID()}`,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: 1,
        data: {
          object: {
            id: 'dp_payouts_1',
            object: 'dispute',
            amount: 3000,
            status,
            reason: 'fraudulent',
            payment_intent: stripePaid!.providerRef,
          },
        },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        payload,
      });
    };
    for (let i = 0; i < 2; i++) {
      const res = await deliver('charge.dispute.created', 'needs_response');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().outcome).toBe('dispute');
    }
    const url = `/api/backoffice/organizers/${orgId}/payouts/events/${eventId}`;
    const figures = async () => payoutEventResponse.parse((await get(owner, url)).json()).data.figures;
    expect(await figures()).toMatchObject({
      chargebacks_cents: 3000,
      owed_cents: 5000,
      chargebacks_recorded: true,
    });
    // the bank decides for the organiser: the money is back
    expect((await deliver('charge.dispute.closed', 'won')).json().outcome).toBe('dispute');
    expect(await figures()).toMatchObject({ chargebacks_cents: 0, owed_cents: 8000 });

    // the sandbox's bank disputes the other payment, and it is lost
    const dev = (status: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/dev/disputes',
        payload: { payment_id: sandboxPaid!.id, status },
      });
    expect((await dev('open')).statusCode).toBe(200);
    expect((await dev('lost')).json().data).toMatchObject({ status: 'lost', amount_cents: 5000 });
    expect(await figures()).toMatchObject({ chargebacks_cents: 5000, owed_cents: 3000 });
    expect((await dev('nonsense')).statusCode).toBe(400);
    const rows = await h.rows<{ n: number }>(
      sql`select count(*)::int as n from payment_disputes where payment_id in (${stripePaid!.id}, ${sandboxPaid!.id})`,
    );
    expect(rows[0]!.n).toBe(2);
  });
});

describe('refund queue: refunds to payment methods', () => {
  it('lists a cancelled session’s refund as a cancellation; a failed one retried by 10 at once is given back once', async () => {
    const teatro = (await t.app.inject({ url: '/api/events/teatro-demo' })).json().data as {
      id: number;
      ticket_types: { id: number }[];
      sessions: { id: number }[];
    };
    const rui = await login(t.app, DEMO.rui);
    const s = teatro.sessions.at(-1)!.id;
    const order = await h.buy(rui, teatro.id, [
      { ticket_id: teatro.ticket_types[0]!.id, session_id: s, qty: 1 },
    ]);
    const cancel = await asStaff(t, owner, {
      method: 'POST',
      url: `/api/backoffice/organizers/${orgId}/events/${teatro.id}/sessions/${s}/cancel`,
      payload: { reason: 'Palco avariado' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const q = `/api/backoffice/organizers/${orgId}/refunds/payments`;
    const listed = adminPaymentRefundListResponse.parse((await get(owner, `${q}?kind=cancellation`)).json());
    const mine = listed.data.find((r) => r.order.id === order.id)!;
    expect(mine).toMatchObject({
      source: 'payment',
      kind: 'cancellation',
      reason: 'session_cancelled',
      status: 'pending',
      event: { id: teatro.id },
    });
    expect(mine.amount_cents).toBeGreaterThan(0);
    expect(mine.customer.name).not.toBe('');
    // not an order refund, not failed
    const others = adminPaymentRefundListResponse.parse((await get(owner, `${q}?kind=order_refund`)).json());
    expect(others.data.some((r) => r.id === mine.id && r.source === 'payment')).toBe(false);

    // the provider kept refusing: the refund job gave up on it
    await t.database.db
      .update(payments)
      .set({ status: 'refund_failed', refundAttempts: 8, refundError: 'card_expired' })
      .where(eq(payments.id, mine.id));
    const failed = adminPaymentRefundListResponse.parse((await get(owner, `${q}?status=failed`)).json());
    expect(failed.data.map((r) => r.id)).toContain(mine.id);
    expect(failed.meta.failed).toBeGreaterThanOrEqual(1);
    expect(failed.data.find((r) => r.id === mine.id)!.error).toBe('card_expired');

    // another organiser's owner cannot see or retry it
    const orgB = await newOrganizer(t);
    const ownerB = await staffAs(t, { role: 'owner', organizerId: orgB });
    const foreign = await asStaff(t, ownerB, {
      method: 'POST',
      url: `/api/backoffice/organizers/${orgB}/refunds/payments/${mine.id}/retry`,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get(ownerB, `/api/backoffice/organizers/${orgB}/refunds/payments`)).json().data).toEqual(
      [],
    );

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        asStaff(t, owner, { method: 'POST', url: `${q}/${mine.id}/retry`, headers: { 'x-locale': 'en' } }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const retried = answers.filter((a) => a.json().data.retried);
    expect(retried).toHaveLength(1);
    expect(retried[0]!.json().message).toMatch(/^Refund made/);
    for (const a of answers) expect(a.json().data.refund.status).toBe('refunded');
    const sent = await h.rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'payment.refunded' and entity_id = ${String(mine.id)}`,
    );
    expect(sent[0]!.n).toBe(1);
    expect(await h.paymentsOf(order.id)).toMatchObject([{ status: 'refunded' }]);
    // a viewer cannot retry
    const viewer = await staffAs(t, { role: 'viewer', organizerId: orgId });
    expect((await asStaff(t, viewer, { method: 'POST', url: `${q}/${mine.id}/retry` })).statusCode).toBe(403);
  });
});

/** Tables that grow with sales and the bar: never read whole. */
const BIG_TABLES = ['orders', 'order_lines', 'payments', 'wallets', 'wallet_transactions'];

describe("the payout's and the refund queue's reads", () => {
  it('reach every big table through an index (EXPLAIN with sequential scans priced out)', async () => {
    const eventId = (await t.app.inject({ url: '/api/events/festival-demo' })).json().data.id as number;
    const plans: { query: string; plan: unknown }[] = [];
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explaining = {
        execute: async (query: SQL) => {
          const res = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as {
            rows: Record<string, unknown>[];
          };
          plans.push({ query: JSON.stringify(query.queryChunks).slice(0, 120), plan: res.rows[0] });
          return { rows: [] };
        },
      } as unknown as DbOrTx;
      const from = new Date(FROM_AT);
      const to = new Date(TO_AT);
      await organizerPayoutEvents(explaining, orgId);
      await salesOfEvents(explaining, [eventId], from, to);
      await orderRefundsOfEvents(explaining, [eventId], from, to);
      await ledgerPeriodTotals(explaining, [eventId], from, to);
      await ledgerPeriodTotals(explaining, [eventId], null, null);
      await chargebacksOfEvents(explaining, [eventId], from, to);
      // the refund queue's reads
      await organizerPaymentRefunds(explaining, orgId, { page: 1, perPage: 25 });
      await organizerPaymentRefunds(explaining, orgId, {
        kind: 'cancellation',
        status: 'failed',
        page: 1,
        perPage: 25,
      });
      await organizerFailedRefundCount(explaining, orgId);
    });
    expect(plans).toHaveLength(10);
    // the first column of each index: a condition on a later one walks the whole index
    const indexes = (await t.database.db.execute(
      sql`select indexname, indexdef from pg_indexes where schemaname = 'public'`,
    )) as unknown as { rows: { indexname: string; indexdef: string }[] };
    const leading = new Map(
      indexes.rows.map((r) => [r.indexname, /USING \w+ \("?(\w+)"?/.exec(r.indexdef)?.[1] ?? '']),
    );
    /** A big table read whole: a sequential scan, or an index walked without a condition on its first column. */
    const seqScans = (node: unknown): string[] => {
      if (!node || typeof node !== 'object') return [];
      const n = node as Record<string, unknown>;
      const type = String(n['Node Type'] ?? '');
      const table = BIG_TABLES.find(
        (b) => n['Relation Name'] === b || String(n['Index Name'] ?? '').startsWith(`${b}_`),
      );
      const first = leading.get(String(n['Index Name'] ?? ''));
      const indexed = !!first && new RegExp(`\\b${first} [=<>]`).test(String(n['Index Cond'] ?? ''));
      const whole =
        table &&
        (type === 'Seq Scan' || (/^(Index Scan|Index Only Scan|Bitmap Index Scan)$/.test(type) && !indexed));
      const children = Object.values(n).flatMap((v) =>
        Array.isArray(v) ? v.flatMap(seqScans) : seqScans(v),
      );
      return whole ? [`${type} ${table}`, ...children] : children;
    };
    for (const { query, plan } of plans) expect(seqScans(plan), query).toEqual([]);
  });
});
