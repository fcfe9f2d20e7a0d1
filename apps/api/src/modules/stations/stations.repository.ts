import { and, eq } from 'drizzle-orm';
import { preparedRows, type Db, type DbOrTx } from '../../db/client';
import { stationSubmissions, stations } from '../../db/schema/index';

export type StationRow = typeof stations.$inferSelect;
export type SubmissionRow = typeof stationSubmissions.$inferSelect;

export async function findActiveStationByKeyHash(db: DbOrTx, keyHash: string) {
  const rows = await db
    .select()
    .from(stations)
    .where(and(eq(stations.keyHash, keyHash), eq(stations.status, 'active')))
    .limit(1);
  return rows[0];
}

export async function insertStation(db: DbOrTx, v: { eventId: number; name: string; keyHash: string }) {
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

/** $1 station id, $2 key hash, $3 event id, $4 bracelet UID or code, $5 amount (cents),
 *  $6 occurred at, $7 description, $8 ledger idempotency key, $9 client transaction id */
const PAY_WITH_BRACELET_SQL = `
WITH st AS (
  SELECT id FROM stations WHERE id = $1::int AND key_hash = $2::text AND status = 'active'
),
b AS (
  SELECT id, wallet_id, status, blocked_at FROM bracelets
  WHERE event_id = $3::int AND (uid = $4::text OR code = $4::text) AND EXISTS (SELECT 1 FROM st)
  LIMIT 1
  FOR UPDATE
),
w AS (
  UPDATE wallets AS w
  SET balance_cents = old.balance_cents - $5::int,
      online_cents = old.online_cents - GREATEST(0, $5::int - (old.balance_cents - old.online_cents))
  FROM (
    SELECT id, balance_cents, online_cents FROM wallets WHERE id = (SELECT wallet_id FROM b) FOR UPDATE
  ) AS old
  WHERE w.id = old.id AND old.balance_cents >= $5::int
    AND EXISTS (
      SELECT 1 FROM b
      WHERE b.status <> 'blocked' OR (b.blocked_at IS NOT NULL AND $6::timestamptz < b.blocked_at)
    )
  RETURNING w.id, w.balance_cents, old.online_cents - w.online_cents AS online_debit
),
l AS (
  INSERT INTO wallet_transactions
    (wallet_id, type, amount_cents, online_delta_cents, station_id, bracelet_id,
     description, idempotency_key, occurred_at)
  SELECT w.id, 'consumption', -$5::int, -w.online_debit, $1::int, (SELECT id FROM b),
    $7::text, $8::text, $6::timestamptz
  FROM w
  RETURNING id
),
sub AS (
  INSERT INTO station_submissions (station_id, client_id, status, wallet_transaction_id, answer)
  SELECT $1::int, $9::text, 'accepted', l.id,
    jsonb_build_object('balance_cents', w.balance_cents, 'transaction_id', l.id)
  FROM l, w
  RETURNING id
)
SELECT EXISTS (SELECT 1 FROM st) AS station_ok,
  (SELECT balance_cents FROM w) AS balance_cents,
  (SELECT l.id FROM l WHERE EXISTS (SELECT 1 FROM sub)) AS transaction_id`;

/**
 * A bracelet payment in ONE statement (one round trip, one short lock of the wallet row):
 * re-checks the station's key, locks the bracelet and then its wallet (the order every other
 * writer uses), debits when the balance covers it (event money first, then online money, as
 * debitWallet does), appends the ledger row and stores the station's answer. Writes nothing
 * when a rule refuses it. A repeated client id or idempotency key makes the unique indexes
 * abort the whole statement (the caller then takes the general path, which answers
 * `duplicate`), so a payment is never applied twice.
 */
export async function payWithBraceletInOneStatement(
  db: Db,
  v: FastPaymentInput,
): Promise<FastPaymentOutcome> {
  const rows = await preparedRows<{
    station_ok: boolean;
    balance_cents: number | null;
    transaction_id: number | null;
  }>(db, 'station-pay-v1', PAY_WITH_BRACELET_SQL, [
    v.stationId,
    v.stationKeyHash,
    v.eventId,
    v.bracelet,
    v.amountCents,
    v.occurredAt.toISOString(),
    v.description,
    v.idempotencyKey,
    v.clientId,
  ]);
  const row = rows[0];
  if (!row?.station_ok) return { kind: 'station_revoked' };
  if (row.transaction_id === null || row.balance_cents === null) return { kind: 'not_applied' };
  return { kind: 'accepted', balanceCents: row.balance_cents, transactionId: row.transaction_id };
}
