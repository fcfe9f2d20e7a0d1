/**
 * The bar payment's database call (station_pay_batch, db/functions/station_pay_batch.sql),
 * batched: reached only through the wallet ledger (wallet-ledger.service.ts payWithBracelet),
 * the one module that changes a balance.
 */
import { preparedRows, type Db } from '../../db/client';
import { ascending, batcherPerDatabase, batchOrEach, inLockOrder } from '../../lib/batcher';
import { isDeadlock, isUniqueViolation } from '../../lib/db-errors';

/**
 * Bar payments sharing one database call (lib/batcher.ts): at most PAY_BATCH_MAX per call and
 * PAY_BATCHES_IN_FLIGHT calls at once per API instance; more wait for the next call.
 */
const PAY_BATCH_MAX = 64;
const PAY_BATCHES_IN_FLIGHT = 2; // measured best, as for door scans (checkin-limits.ts)

export interface FastPaymentInput {
  stationId: number;
  stationKeyHash: string;
  eventId: number;
  clientId: string;
  /** bracelet NFC UID or 6-digit code */
  bracelet: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
  occurredAt: Date;
  /**
   * The bracelet as the caller knew it when it judged the payment with the time rule
   * (stationTimeRefusal): the payment is applied only if the locked bracelet is still exactly this.
   */
  braceletClock: { status: string; blockedAt: Date | null; linkedAt: Date | null };
  /** the items naming one of the event's products: written as its product sales when applied */
  productItems: { product_id: number; qty: number; unit_cents: number }[];
}

export type FastPaymentOutcome =
  | { kind: 'station_revoked' }
  /** nothing written: a rule refused it or it needs the general path to say why */
  | { kind: 'not_applied' }
  | { kind: 'accepted'; balanceCents: number; transactionId: number };

interface PayBatchRow {
  station_ok: boolean;
  balance_cents: number | null;
  transaction_id: number | null;
}

const PAY_BATCH_SQL = `SELECT * FROM station_pay_batch($1::int[], $2::text[], $3::int[], $4::text[],
  $5::int[], $6::timestamptz[], $7::text[], $8::text[], $9::text[], $10::text[], $11::timestamptz[],
  $12::timestamptz[], $13::text[])`;

/** One call of station_pay_batch for `items`, in their order. */
async function callPayBatch(db: Db, items: FastPaymentInput[]): Promise<FastPaymentOutcome[]> {
  const column = <T>(f: (v: FastPaymentInput) => T) => items.map(f);
  const rows = await preparedRows<PayBatchRow>(db, 'station-pay-batch-v3', PAY_BATCH_SQL, [
    column((v) => v.stationId),
    column((v) => v.stationKeyHash),
    column((v) => v.eventId),
    column((v) => v.bracelet),
    column((v) => v.amountCents),
    column((v) => v.occurredAt.toISOString()),
    column((v) => v.description),
    column((v) => v.idempotencyKey),
    column((v) => v.clientId),
    column((v) => v.braceletClock.status),
    column((v) => v.braceletClock.blockedAt?.toISOString() ?? null),
    column((v) => v.braceletClock.linkedAt?.toISOString() ?? null),
    column((v) => JSON.stringify(v.productItems)),
  ]);
  return rows.map((row): FastPaymentOutcome => {
    if (!row.station_ok) return { kind: 'station_revoked' };
    if (row.transaction_id === null || row.balance_cents === null) return { kind: 'not_applied' };
    return { kind: 'accepted', balanceCents: row.balance_cents, transactionId: row.transaction_id };
  });
}

/** One payment alone; a concurrent first use of its id (unique index) is not applied here. */
async function payAlone(db: Db, item: FastPaymentInput): Promise<FastPaymentOutcome> {
  try {
    return (await callPayBatch(db, [item]))[0]!;
  } catch (err) {
    if (isUniqueViolation(err)) return { kind: 'not_applied' };
    throw err;
  }
}

/**
 * Runs a batch of payments in one call, sorted by bracelet (inLockOrder) so concurrent batches
 * lock bracelets and wallets in the same order; one bracelet's payments keep their order.
 * When the call fails on a concurrent duplicate id or a deadlock, it wrote nothing, and its
 * payments run one per call.
 */
async function runPayBatch(db: Db, items: FastPaymentInput[]): Promise<FastPaymentOutcome[]> {
  if (items.length === 1) return [await payAlone(db, items[0]!)];
  return inLockOrder(
    items,
    (a, b) => ascending(a.bracelet, b.bracelet),
    (sorted) =>
      batchOrEach(
        sorted,
        (batch) => callPayBatch(db, batch),
        (item) => payAlone(db, item),
        (err) => isUniqueViolation(err) || isDeadlock(err),
      ),
  );
}

const payBatcher = batcherPerDatabase<Db, FastPaymentInput, FastPaymentOutcome>((db) => ({
  maxBatch: PAY_BATCH_MAX,
  maxInFlight: PAY_BATCHES_IN_FLIGHT,
  run: (items) => runPayBatch(db, items),
}));

/**
 * A bracelet payment as ONE statement (db/functions/station_pay_batch.sql): re-checks the
 * station's key, locks the bracelet and then its wallet (the order every other writer uses),
 * debits when the balance covers it (event money first, then online money: wallet_online_debit,
 * as debitWallet does), appends the ledger row and its product sales and stores the station's answer. Writes nothing when a rule
 * refuses it or its client id or ledger key was used before (the caller's general path then
 * answers), so a payment is never applied twice.
 *
 * Payments that arrive while others are in flight share one database call (lib/batcher.ts):
 * each runs exactly as it would alone, in turn, and they commit together, so a hot wallet's
 * row is locked once per batch rather than once per payment.
 */
export function payWithBraceletInOneStatement(db: Db, v: FastPaymentInput): Promise<FastPaymentOutcome> {
  return payBatcher(db, v);
}
