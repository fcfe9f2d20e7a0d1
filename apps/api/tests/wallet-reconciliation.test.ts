/**
 * The float reconciliation always balances (issue 27 item 5): after any sequence of online and
 * on-site top-ups, bar payments, cash back at a till and refund requests (requested, approved,
 * paid or rejected, with their fee), money in − money out = the float to the cent, the
 * difference is 0, and each line moved by exactly what the applied operations moved. The
 * operations go through the wallet's own functions (the ledger, the refund workflow).
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, events } from '../src/db/schema/index';
import { AppError } from '../src/lib/errors';
import { eventReconciliation } from '../src/modules/wallet/reconciliation.service';
import {
  approveRefund,
  markRefundPaid,
  rejectRefund,
  requestRefund,
} from '../src/modules/wallet/refunds.service';
import { creditWallet, debitWallet } from '../src/modules/wallet/wallet-ledger.service';
import { getOrCreateCustomerWallet } from '../src/modules/wallet/wallet.repository';
import { newDraftEvent, newOrganizer, staffAs, staffCall } from './backoffice-sessions';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let eventId: number;
let stationId: number;
const holders: { id: number; walletId: number }[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  const org = await newOrganizer(t);
  const owner = await staffAs(t, { role: 'owner', organizerId: org });
  eventId = await newDraftEvent(t, owner, org, { name: 'Reconciliação', wallet_enabled: true });
  const base = `/api/backoffice/organizers/${org}/events/${eventId}`;
  stationId = (await staffCall(t, owner, 'POST', `${base}/stations`, { name: 'Caixa', role: 'topup' })).json()
    .data.id;
  // refunds open now (the window normally opens when the event ends)
  await t.database.db
    .update(events)
    .set({
      status: 'published',
      refundsAllowed: true,
      refundOpensAt: new Date(Date.now() - 86_400_000),
      refundClosesAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .where(eq(events.id, eventId));
  for (const name of ['Rita', 'Tiago']) {
    const [c] = await t.database.db
      .insert(customers)
      .values({ firstName: name, lastName: 'Teste', status: 'active' })
      .returning({ id: customers.id });
    const wallet = await getOrCreateCustomerWallet(t.database.db, c!.id, eventId);
    holders.push({ id: c!.id, walletId: wallet.id });
  }
});
afterAll(() => t.close());

type Op =
  | { kind: 'online' | 'onsite' | 'pay' | 'cash_back'; who: number; cents: number }
  | { kind: 'request' | 'approve' | 'pay_refund' | 'reject'; who: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('online' as const, 'onsite' as const, 'pay' as const, 'cash_back' as const),
    who: fc.integer({ min: 0, max: 1 }),
    cents: fc.integer({ min: 1, max: 6000 }),
  }),
  fc.record({
    kind: fc.constantFrom('request' as const, 'approve' as const, 'pay_refund' as const, 'reject' as const),
    who: fc.integer({ min: 0, max: 1 }),
  }),
);

/** What the report's lines should have moved by. */
interface Moved {
  online: number;
  onsite: number;
  consumption: number;
  cashBack: number;
  walletRefunds: number;
  fees: number;
  paid: number;
  pending: number;
}

let keySeq = 0;
const refused = (err: unknown) => err instanceof AppError && err.statusCode < 500;

/** Applies one operation through the wallet's functions; a refused one writes nothing. */
async function apply(
  op: Op,
  open: Map<number, { id: number; amount: number; fee: number; status: string }>,
  m: Moved,
) {
  const holder = holders[op.who]!;
  const db = t.database.db;
  const now = new Date();
  const key = `recon:${++keySeq}`;
  try {
    switch (op.kind) {
      case 'online':
      case 'onsite':
        await db.transaction((tx) =>
          creditWallet(
            tx,
            {
              walletId: holder.walletId,
              type: 'topup',
              amountCents: op.cents,
              onlineCents: op.kind === 'online' ? op.cents : 0,
              idempotencyKey: key,
              description: op.kind,
              stationId: op.kind === 'onsite' ? stationId : null,
            },
            now,
          ),
        );
        m[op.kind] += op.cents;
        return;
      case 'pay':
      case 'cash_back':
        await db.transaction((tx) =>
          debitWallet(
            tx,
            {
              walletId: holder.walletId,
              type: op.kind === 'pay' ? 'consumption' : 'refund',
              amountCents: op.cents,
              source: op.kind === 'pay' ? 'offline-first' : { onlineCents: 0 },
              idempotencyKey: key,
              description: op.kind,
              stationId,
            },
            now,
          ),
        );
        if (op.kind === 'pay') m.consumption += op.cents;
        else m.cashBack += op.cents;
        return;
      case 'request': {
        const { refund } = await requestRefund(
          db,
          { id: holder.id, firstName: 'X', lastName: 'Y', nameBilling: null },
          { eventId, iban: 'PT50000201231234567890154' },
          now,
        );
        open.set(op.who, {
          id: refund.id,
          amount: refund.amount_cents,
          fee: refund.fee_cents,
          status: 'requested',
        });
        m.walletRefunds += refund.amount_cents;
        m.fees += refund.fee_cents;
        m.pending += refund.amount_cents;
        return;
      }
      default: {
        const r = open.get(op.who);
        if (!r) return;
        if (op.kind === 'approve' && r.status === 'requested') {
          await approveRefund(db, r.id, 'test', now);
          r.status = 'approved';
        } else if (op.kind === 'pay_refund' && r.status === 'approved') {
          await markRefundPaid(db, r.id, 'test', now);
          open.delete(op.who);
          m.pending -= r.amount;
          m.paid += r.amount;
        } else if (op.kind === 'reject') {
          await rejectRefund(db, r.id, 'test', now, 'teste');
          open.delete(op.who);
          m.walletRefunds -= r.amount;
          m.fees -= r.fee;
          m.pending -= r.amount;
        }
      }
    }
  } catch (err) {
    if (!refused(err)) throw err;
  }
}

describe('the float reconciliation', () => {
  it('always balances to the cent, and each line moves by what was applied', async () => {
    const open = new Map<number, { id: number; amount: number; fee: number; status: string }>();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 20 }), async (ops) => {
        const before = await eventReconciliation(t.database.db, eventId, new Date());
        const m: Moved = {
          online: 0,
          onsite: 0,
          consumption: 0,
          cashBack: 0,
          walletRefunds: 0,
          fees: 0,
          paid: 0,
          pending: 0,
        };
        for (const op of ops) await apply(op, open, m);
        const r = await eventReconciliation(t.database.db, eventId, new Date());
        expect(r.difference_cents).toBe(0);
        expect(r.money_in.total_cents - r.money_out.total_cents).toBe(r.float_cents);
        expect(r.money_out.wallet_refunds_cents).toBe(
          r.money_out.wallet_refunds_paid_cents + r.money_out.wallet_refunds_pending_cents,
        );
        const d = (a: number, b: number) => a - b;
        expect({
          online: d(r.money_in.topups_online_cents, before.money_in.topups_online_cents),
          onsite: d(r.money_in.topups_onsite_cents, before.money_in.topups_onsite_cents),
          consumption: d(r.money_out.consumption_cents, before.money_out.consumption_cents),
          cashBack: d(r.money_out.cash_refunds_cents, before.money_out.cash_refunds_cents),
          walletRefunds: d(r.money_out.wallet_refunds_cents, before.money_out.wallet_refunds_cents),
          fees: d(r.money_out.fees_cents, before.money_out.fees_cents),
          paid: d(r.money_out.wallet_refunds_paid_cents, before.money_out.wallet_refunds_paid_cents),
          pending: d(r.money_out.wallet_refunds_pending_cents, before.money_out.wallet_refunds_pending_cents),
        }).toEqual(m);
        expect(r.liability_cents).toBe(r.float_online_cents + r.money_out.wallet_refunds_pending_cents);
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
