import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers';
import { events } from '../src/db/schema/index';
import { AppError } from '../src/lib/errors';
import { creditWallet, debitWallet } from '../src/modules/wallet/wallet-ledger.service';
import { createAnonymousWallet, findWalletById, ledgerSums } from '../src/modules/wallet/wallet.repository';

let t: TestApp;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  eventId = (await t.database.db.select().from(events).where(eq(events.slug, 'festival-demo')))[0]!.id;
});
afterAll(() => t.close());

type Op = { kind: 'online-topup' | 'cash-topup' | 'payment' | 'refund' | 'fee'; cents: number; key: number };

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('online-topup', 'cash-topup', 'payment', 'refund', 'fee'),
  cents: fc.integer({ min: 1, max: 5000 }),
  // small key space: repeats of a key must be no-ops
  key: fc.integer({ min: 0, max: 40 }),
});

/** Applies one operation; a refused debit (insufficient funds) writes nothing. */
async function apply(walletId: number, op: Op, run: number): Promise<void> {
  const key = `prop:${run}:${op.kind}:${op.key}`;
  const now = new Date();
  try {
    await t.database.db.transaction(async (tx) => {
      if (op.kind === 'online-topup' || op.kind === 'cash-topup') {
        await creditWallet(
          tx,
          {
            walletId,
            type: 'topup',
            amountCents: op.cents,
            onlineCents: op.kind === 'online-topup' ? op.cents : 0,
            idempotencyKey: key,
            description: op.kind,
          },
          now,
        );
      } else {
        await debitWallet(
          tx,
          {
            walletId,
            type: op.kind === 'payment' ? 'consumption' : op.kind,
            amountCents: op.cents,
            source: op.kind === 'payment' ? 'offline-first' : 'online',
            idempotencyKey: key,
            description: op.kind,
          },
          now,
        );
      }
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'insufficient_funds') throw err;
  }
}

/** The reference model: the same rules on plain numbers. */
function model(ops: Op[], run: number) {
  let balance = 0;
  let online = 0;
  const seen = new Set<string>();
  for (const op of ops) {
    const key = `prop:${run}:${op.kind}:${op.key}`;
    if (seen.has(key)) continue;
    if (op.kind === 'online-topup' || op.kind === 'cash-topup') {
      balance += op.cents;
      if (op.kind === 'online-topup') online += op.cents;
      seen.add(key);
    } else if (op.kind === 'payment') {
      if (balance < op.cents) continue;
      online -= Math.max(0, op.cents - (balance - online));
      balance -= op.cents;
      seen.add(key);
    } else {
      if (online < op.cents) continue;
      online -= op.cents;
      balance -= op.cents;
      seen.add(key);
    }
  }
  return { balance, online };
}

async function checkInvariants(walletId: number) {
  const w = (await findWalletById(t.database.db, walletId))!;
  const sums = await ledgerSums(t.database.db, walletId);
  expect(w.balanceCents).toBe(sums.balance);
  expect(w.onlineCents).toBe(sums.online);
  expect(w.balanceCents).toBeGreaterThanOrEqual(0);
  expect(w.onlineCents).toBeGreaterThanOrEqual(0);
  expect(w.onlineCents).toBeLessThanOrEqual(w.balanceCents);
  return w;
}

describe('wallet ledger properties', () => {
  let run = 0;

  it('after any sequence of top-ups, payments, refunds and fees the balance is the ledger sum and never negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        run++;
        const wallet = await createAnonymousWallet(t.database.db, eventId);
        for (const op of ops) await apply(wallet.id, op, run);
        const w = await checkInvariants(wallet.id);
        expect({ balance: w.balanceCents, online: w.onlineCents }).toEqual(model(ops, run));
      }),
      { numRuns: 25 },
    );
  }, 240_000);

  it('the same holds when the operations race each other', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 2, maxLength: 25 }), async (ops) => {
        run++;
        const wallet = await createAnonymousWallet(t.database.db, eventId);
        await Promise.all(ops.map((op) => apply(wallet.id, op, run)));
        await checkInvariants(wallet.id);
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});
