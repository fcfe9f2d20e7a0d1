import { and, asc, eq } from 'drizzle-orm';
import type { StationEventClock, StationRole } from '@bilheteira/shared/stations';
import { preparedRows, type Db, type DbOrTx } from '../../db/client';
import { ascending, batcherPerDatabase, batchOrEach, inLockOrder } from '../../lib/batcher';
import { isDeadlock, isUniqueViolation } from '../../lib/db-errors';
import { bracelets, events, stationSubmissions, stations } from '../../db/schema/index';

/** A station with what the time rule needs of its event. */
export type StationRow = typeof stations.$inferSelect & { event: StationEventClock };
export type SubmissionRow = typeof stationSubmissions.$inferSelect;

/**
 * Bar payments sharing one database call (lib/batcher.ts): at most PAY_BATCH_MAX per call and
 * PAY_BATCHES_IN_FLIGHT calls at once per API instance; more wait for the next call.
 */
const PAY_BATCH_MAX = 64;
const PAY_BATCHES_IN_FLIGHT = 2; // measured best, as for door scans (checkin-limits.ts)

export async function findActiveStationByKeyHash(
  db: DbOrTx,
  keyHash: string,
): Promise<StationRow | undefined> {
  const rows = await db
    .select({
      station: stations,
      event: {
        startsAt: events.startsAt,
        walletOpensAt: events.walletOpensAt,
        walletOfflineWindowMinutes: events.walletOfflineWindowMinutes,
      },
    })
    .from(stations)
    .innerJoin(events, eq(events.id, stations.eventId))
    .where(and(eq(stations.keyHash, keyHash), eq(stations.status, 'active')))
    .limit(1);
  const row = rows[0];
  return row && { ...row.station, event: row.event };
}

/** The event's blocked bracelets, oldest block first (the signed blocklist of the tills). */
export async function blockedBraceletsOfEvent(db: DbOrTx, eventId: number) {
  return db
    .select({ uid: bracelets.uid, code: bracelets.code, blockedAt: bracelets.blockedAt })
    .from(bracelets)
    .where(and(eq(bracelets.eventId, eventId), eq(bracelets.status, 'blocked')))
    .orderBy(asc(bracelets.id));
}

/** The stations of an event (slug), for operators. */
export async function stationsOfEventSlug(db: DbOrTx, slug: string) {
  return db
    .select({ id: stations.id, name: stations.name, role: stations.role, status: stations.status })
    .from(stations)
    .innerJoin(events, eq(events.id, stations.eventId))
    .where(eq(events.slug, slug))
    .orderBy(asc(stations.id));
}

/** Sets a station's role; false when there is no such station. */
export async function updateStationRole(db: DbOrTx, stationId: number, role: StationRole): Promise<boolean> {
  const rows = await db
    .update(stations)
    .set({ role })
    .where(eq(stations.id, stationId))
    .returning({ id: stations.id });
  return rows.length > 0;
}

/** Sets when an event's wallet opens for tills and its offline window; false when no such event. */
export async function updateEventWalletClock(
  db: DbOrTx,
  slug: string,
  v: { walletOpensAt?: Date | null; walletOfflineWindowMinutes?: number },
): Promise<StationEventClock | undefined> {
  const rows = await db.update(events).set(v).where(eq(events.slug, slug)).returning({
    startsAt: events.startsAt,
    walletOpensAt: events.walletOpensAt,
    walletOfflineWindowMinutes: events.walletOfflineWindowMinutes,
  });
  return rows[0];
}

export async function insertStation(
  db: DbOrTx,
  v: { eventId: number; name: string; keyHash: string; role: StationRole },
) {
  const rows = await db.insert(stations).values(v).returning();
  return rows[0]!;
}

/**
 * Claims a client transaction id for the station. Answers false when it was claimed
 * before: a concurrent upload of the same id waits here until the first one commits.
 */
export async function claimSubmission(db: DbOrTx, stationId: number, clientId: string): Promise<boolean> {
  const rows = await db
    .insert(stationSubmissions)
    .values({ stationId, clientId, status: 'pending' })
    .onConflictDoNothing({ target: [stationSubmissions.stationId, stationSubmissions.clientId] })
    .returning({ id: stationSubmissions.id });
  return rows.length > 0;
}

export async function findSubmission(db: DbOrTx, stationId: number, clientId: string) {
  const rows = await db
    .select()
    .from(stationSubmissions)
    .where(and(eq(stationSubmissions.stationId, stationId), eq(stationSubmissions.clientId, clientId)))
    .limit(1);
  return rows[0];
}

export async function completeSubmission(
  db: DbOrTx,
  stationId: number,
  clientId: string,
  v: {
    status: string;
    reason: string | null;
    walletTransactionId: number | null;
    answer: Record<string, unknown>;
  },
) {
  await db
    .update(stationSubmissions)
    .set(v)
    .where(and(eq(stationSubmissions.stationId, stationId), eq(stationSubmissions.clientId, clientId)));
}

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
  $5::int[], $6::timestamptz[], $7::text[], $8::text[], $9::text[])`;

/** One call of station_pay_batch (migration 0005) for `items`, in their order. */
async function callPayBatch(db: Db, items: FastPaymentInput[]): Promise<FastPaymentOutcome[]> {
  const column = <T>(f: (v: FastPaymentInput) => T) => items.map(f);
  const rows = await preparedRows<PayBatchRow>(db, 'station-pay-batch-v1', PAY_BATCH_SQL, [
    column((v) => v.stationId),
    column((v) => v.stationKeyHash),
    column((v) => v.eventId),
    column((v) => v.bracelet),
    column((v) => v.amountCents),
    column((v) => v.occurredAt.toISOString()),
    column((v) => v.description),
    column((v) => v.idempotencyKey),
    column((v) => v.clientId),
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
 * A bracelet payment as ONE statement (station_pay_batch in migration 0005): re-checks the
 * station's key, locks the bracelet and then its wallet (the order every other writer uses),
 * debits when the balance covers it (event money first, then online money, as debitWallet
 * does), appends the ledger row and stores the station's answer. Writes nothing when a rule
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
