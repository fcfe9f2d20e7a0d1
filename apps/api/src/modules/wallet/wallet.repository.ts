import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { bracelets, customers, events, stations, walletTransactions, wallets } from '../../db/schema/index';
import { descriptionColumns, type TxDescription } from './transaction-description';

export type WalletRow = typeof wallets.$inferSelect;
export type BraceletRow = typeof bracelets.$inferSelect;
export type WalletTransactionRow = typeof walletTransactions.$inferSelect;
export type LedgerType = 'consumption' | 'topup' | 'refund' | 'fee' | 'transfer';

export interface LedgerEntry {
  walletId: number;
  type: LedgerType;
  /** signed: credits positive, debits negative */
  amountCents: number;
  /** signed change of the online (refundable) part */
  onlineDeltaCents: number;
  idempotencyKey: string;
  /** a system description (code) or a till's own text */
  description: TxDescription | string;
  invoice?: string | null;
  stationId?: number | null;
  braceletId?: number | null;
  occurredAt: Date;
}

/** The customer's wallet for an event, created empty when missing (race-safe). */
export async function getOrCreateCustomerWallet(
  db: DbOrTx,
  customerId: number,
  eventId: number,
): Promise<WalletRow> {
  await db.insert(wallets).values({ customerId, eventId }).onConflictDoNothing();
  const rows = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.customerId, customerId), eq(wallets.eventId, eventId)))
    .limit(1);
  return rows[0]!;
}

export async function findCustomerWallet(db: DbOrTx, customerId: number, eventId: number) {
  const rows = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.customerId, customerId), eq(wallets.eventId, eventId)))
    .limit(1);
  return rows[0];
}

/** A wallet with no customer (a bracelet topped up at a cash point before anyone claimed it). */
export async function createAnonymousWallet(db: DbOrTx, eventId: number): Promise<WalletRow> {
  const rows = await db.insert(wallets).values({ customerId: null, eventId }).returning();
  return rows[0]!;
}

export async function findWalletById(db: DbOrTx, id: number) {
  const rows = await db.select().from(wallets).where(eq(wallets.id, id)).limit(1);
  return rows[0];
}

/** Locks the wallet row until the transaction ends; answers its current values. */
export async function lockWallet(db: DbOrTx, id: number) {
  const rows = await queryRows<{ id: number; balance_cents: number; online_cents: number }>(
    db,
    sql`select id, balance_cents, online_cents from wallets where id = ${id} for update`,
  );
  return rows[0];
}

/**
 * Appends a ledger row unless its idempotency key is already there. Answers the new row's
 * id, or undefined when the key was used before (the caller treats that as a repeat).
 */
export async function insertLedgerRow(db: DbOrTx, e: LedgerEntry): Promise<number | undefined> {
  const rows = await db
    .insert(walletTransactions)
    .values({
      walletId: e.walletId,
      type: e.type,
      amountCents: e.amountCents,
      onlineDeltaCents: e.onlineDeltaCents,
      idempotencyKey: e.idempotencyKey,
      ...descriptionColumns(e.description),
      invoice: e.invoice ?? null,
      stationId: e.stationId ?? null,
      braceletId: e.braceletId ?? null,
      occurredAt: e.occurredAt,
    })
    .onConflictDoNothing({ target: walletTransactions.idempotencyKey })
    .returning({ id: walletTransactions.id });
  return rows[0]?.id;
}

export async function findLedgerRowByKey(db: DbOrTx, key: string) {
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.idempotencyKey, key))
    .limit(1);
  return rows[0];
}

/** Adds a credit to the cached balance (never fails: credits only raise it). */
export async function applyCredit(db: DbOrTx, walletId: number, amountCents: number, onlineDelta: number) {
  const rows = await queryRows<{ balance_cents: number; online_cents: number }>(
    db,
    sql`update wallets set balance_cents = balance_cents + ${amountCents},
          online_cents = online_cents + ${onlineDelta}
        where id = ${walletId} returning balance_cents, online_cents`,
  );
  return rows[0]!;
}

/**
 * The conditional debit: it only happens when the balance covers it (and the online part
 * covers its share), so no interleaving of concurrent payments can take a wallet below zero.
 * `onlineDebit` is the online share, or 'offline-first': event money first, then online money,
 * by the database's wallet_online_debit (db/functions/wallet_online_debit.sql, the split the
 * bar payment uses too). Answers the new values and the online share taken; undefined when
 * refused.
 */
export async function applyDebit(
  db: DbOrTx,
  walletId: number,
  amountCents: number,
  onlineDebit: number | 'offline-first',
) {
  const share =
    onlineDebit === 'offline-first'
      ? sql`wallet_online_debit(balance_cents, online_cents, ${amountCents}::int)`
      : sql`${onlineDebit}::int`;
  const rows = await queryRows<{ balance_cents: number; online_cents: number; online_debit: number }>(
    db,
    sql`update wallets w set balance_cents = w.balance_cents - ${amountCents},
          online_cents = w.online_cents - s.share
        from (select id, ${share} as share from wallets where id = ${walletId}) s
        where w.id = s.id and w.balance_cents >= ${amountCents} and w.online_cents >= s.share
          and s.share >= 0 and s.share <= ${amountCents}
          and w.balance_cents - ${amountCents} >= w.online_cents - s.share
        returning w.balance_cents, w.online_cents, s.share as online_debit`,
  );
  return rows[0];
}

export async function ledgerSums(db: DbOrTx, walletId: number) {
  const rows = await queryRows<{ balance: number; online: number; n: number }>(
    db,
    sql`select coalesce(sum(amount_cents), 0)::int as balance,
          coalesce(sum(online_delta_cents), 0)::int as online, count(*)::int as n
        from wallet_transactions where wallet_id = ${walletId}`,
  );
  return rows[0]!;
}

/**
 * Money of ledger rows `t` that a top-up loaded online (the refundable part); the rest of a
 * top-up was loaded at the event. Per row, the database function ledger_online_topup_cents is
 * the one definition, for a wallet's quote here and an event's totals (ledger_totals_add).
 */
export const onlineTopupCents = sql.raw(
  `coalesce(sum(ledger_online_topup_cents(t.type, t.online_delta_cents)), 0)`,
);

/** Sum of online top-ups ever credited and of online money spent at stations (for the quote). */
export async function onlineBreakdown(db: DbOrTx, walletId: number) {
  const rows = await queryRows<{ topped_up: number; spent: number }>(
    db,
    sql`select
          ${onlineTopupCents}::int as topped_up,
          coalesce(-sum(t.online_delta_cents) filter (where t.type = 'consumption'), 0)::int as spent
        from wallet_transactions t where t.wallet_id = ${walletId}`,
  );
  return rows[0]!;
}

/** An event's wallets now: how many, the money they hold and its online (refundable) part. */
export async function eventWalletTotals(db: DbOrTx, eventId: number) {
  const rows = await queryRows<{ wallets: unknown; balance: unknown; online: unknown }>(
    db,
    sql`select count(*) as wallets, coalesce(sum(balance_cents), 0) as balance,
          coalesce(sum(online_cents), 0) as online
        from wallets where event_id = ${eventId}`,
  );
  const r = rows[0]!;
  return { wallets: Number(r.wallets), balanceCents: Number(r.balance), onlineCents: Number(r.online) };
}

/**
 * An event's ledger added up per type and station (null: not recorded by a till, e.g. an
 * online top-up or a refund request): signed sums, the online top-up part, row counts. Read
 * from ledger_totals, which the database adds every ledger row to as it is written
 * (ledger_totals_add): a few rows per till, whatever the size of the event's ledger.
 */
export async function eventLedgerTotals(db: DbOrTx, eventId: number) {
  const rows = await queryRows<{
    type: string;
    station_id: number;
    amount: unknown;
    online_topup: unknown;
    n: unknown;
  }>(
    db,
    sql`select type, station_id, sum(amount_cents) as amount, sum(online_topup_cents) as online_topup,
          sum(row_count) as n
        from ledger_totals
        where event_id = ${eventId}
        group by type, station_id`,
  );
  return rows.map((r) => ({
    type: r.type as LedgerType,
    stationId: Number(r.station_id) === 0 ? null : Number(r.station_id),
    amountCents: Number(r.amount),
    onlineTopupCents: Number(r.online_topup),
    count: Number(r.n),
  }));
}

export interface TransactionCursor {
  occurredAt: Date;
  id: number;
}

/** Newest first, keyset-paginated on (occurred_at, id). */
export async function listTransactions(
  db: DbOrTx,
  walletId: number,
  limit: number,
  cursor?: TransactionCursor,
) {
  const where = cursor
    ? and(
        eq(walletTransactions.walletId, walletId),
        or(
          lt(walletTransactions.occurredAt, cursor.occurredAt),
          and(eq(walletTransactions.occurredAt, cursor.occurredAt), lt(walletTransactions.id, cursor.id)),
        ),
      )
    : eq(walletTransactions.walletId, walletId);
  return db
    .select({ tx: walletTransactions, stationName: stations.name })
    .from(walletTransactions)
    .leftJoin(stations, eq(stations.id, walletTransactions.stationId))
    .where(where)
    .orderBy(desc(walletTransactions.occurredAt), desc(walletTransactions.id))
    .limit(limit);
}

export async function findBraceletByUidOrCode(db: DbOrTx, eventId: number, uidOrCode: string) {
  const rows = await db
    .select()
    .from(bracelets)
    .where(
      and(eq(bracelets.eventId, eventId), or(eq(bracelets.uid, uidOrCode), eq(bracelets.code, uidOrCode))),
    )
    .limit(1);
  return rows[0];
}

export async function findBraceletByCode(db: DbOrTx, code: string) {
  const rows = await db.select().from(bracelets).where(eq(bracelets.code, code)).limit(1);
  return rows[0];
}

/** Locks the bracelet row (link, block and station payments serialise on it). */
export async function lockBracelet(db: DbOrTx, id: number) {
  const rows = await db.select().from(bracelets).where(eq(bracelets.id, id)).for('update').limit(1);
  return rows[0];
}

export async function braceletsOfWallet(db: DbOrTx, walletId: number) {
  return db.select().from(bracelets).where(eq(bracelets.walletId, walletId)).orderBy(desc(bracelets.id));
}

/** `linkedAt`: when a customer linked it (tills may not charge it for an earlier time); null for none. */
export async function setBraceletWallet(
  db: DbOrTx,
  braceletId: number,
  walletId: number,
  linkedAt: Date | null,
) {
  await db.update(bracelets).set({ walletId, linkedAt }).where(eq(bracelets.id, braceletId));
}

export async function blockBracelet(db: DbOrTx, braceletId: number, now: Date) {
  await db.update(bracelets).set({ status: 'blocked', blockedAt: now }).where(eq(bracelets.id, braceletId));
}

export async function findEventForWallet(db: DbOrTx, eventId: number) {
  const rows = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  return rows[0];
}

/**
 * Does the customer hold something of the event (an order, a ticket, a wallet)? They reached
 * it before (a private event: through its link, or a ticket given to them).
 */
export async function customerHasEventHistory(db: DbOrTx, customerId: number, eventId: number) {
  const rows = await queryRows<{ known: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM orders WHERE customer_id = ${customerId} AND event_id = ${eventId})
      OR EXISTS (SELECT 1 FROM customer_tickets WHERE customer_id = ${customerId} AND event_id = ${eventId})
      OR EXISTS (SELECT 1 FROM wallets WHERE customer_id = ${customerId} AND event_id = ${eventId}) AS known`,
  );
  return rows[0]?.known === true;
}

/** An event by its slug or its private link token (the caller checks which one a private event needs). */
export async function findEventBySlugForWallet(db: DbOrTx, slug: string) {
  const rows = await db
    .select()
    .from(events)
    .where(or(eq(events.slug, slug), eq(events.linkToken, slug)))
    .limit(1);
  return rows[0];
}

export async function customerFirstName(db: DbOrTx, customerId: number): Promise<string | null> {
  const rows = await db
    .select({ firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return rows[0]?.firstName ?? null;
}

/** An event's wallet refund requests per status: how many and the amounts asked (before the fee). */
export async function eventRefundTotals(db: DbOrTx, eventId: number) {
  const rows = await queryRows<{ status: string; n: unknown; amount: unknown }>(
    db,
    sql`select r.status, count(*) as n, coalesce(sum(r.amount_cents), 0) as amount
        from wallets w join refund_requests r on r.wallet_id = w.id
        where w.event_id = ${eventId}
        group by r.status`,
  );
  return rows.map((r) => ({ status: r.status, count: Number(r.n), amountCents: Number(r.amount) }));
}
