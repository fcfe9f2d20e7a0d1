/**
 * Events' wallet ledgers added up over a period, for payouts: reached through the events'
 * wallets (wallets_event_idx) and each wallet's rows (wallet_transactions_wallet_idx), never a
 * scan of the whole ledger. An online top-up is defined once (`onlineTopupCents`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { onlineTopupCents } from './wallet.repository';

export interface LedgerPeriodTotals {
  eventId: number;
  topupCents: number;
  onlineTopupCents: number;
  consumptionCents: number;
  refundCents: number;
  feeCents: number;
  /** every row before the period's end: the money the wallets held then */
  balanceEndCents: number;
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

const occurredIn = (fromAt: Date | null, toAt: Date | null): SQL => {
  const parts: SQL[] = [];
  if (fromAt) parts.push(sql`t.occurred_at >= ${fromAt.toISOString()}::timestamptz`);
  if (toAt) parts.push(sql`t.occurred_at < ${toAt.toISOString()}::timestamptz`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
};

/**
 * Signed sums per event of rows in [fromAt, toAt) (null: open), and the balance at toAt. All
 * time is read from ledger_totals (the database adds each ledger row to it as it is written: a
 * few rows per till); a period reads the rows of each wallet in it.
 */
export async function ledgerPeriodTotals(
  db: DbOrTx,
  eventIds: number[],
  fromAt: Date | null,
  toAt: Date | null,
): Promise<LedgerPeriodTotals[]> {
  if (!eventIds.length) return [];
  if (!fromAt && !toAt) return ledgerAllTime(db, eventIds);
  const [sums, balances] = await Promise.all([
    // per wallet (LATERAL), so each wallet's rows are one range of wallet_transactions_wallet_idx
    queryRows<Record<string, unknown>>(
      db,
      sql`select w.event_id, sum(x.topup) as topup, sum(x.online_topup) as online_topup,
            sum(x.consumption) as consumption, sum(x.refund) as refund, sum(x.fee) as fee
          from wallets w cross join lateral (
            select coalesce(sum(t.amount_cents) filter (where t.type = 'topup'), 0) as topup,
              ${onlineTopupCents} as online_topup,
              coalesce(sum(t.amount_cents) filter (where t.type = 'consumption'), 0) as consumption,
              coalesce(sum(t.amount_cents) filter (where t.type = 'refund'), 0) as refund,
              coalesce(sum(t.amount_cents) filter (where t.type = 'fee'), 0) as fee
            from wallet_transactions t where t.wallet_id = w.id and ${occurredIn(fromAt, toAt)}
          ) x
          where w.event_id in (${idList(eventIds)})
          group by w.event_id`,
    ),
    // the float at the period's end: what the wallets hold now (their balance is the sum of
    // their ledger) less the rows after the end, usually far fewer than the rows before it
    queryRows<Record<string, unknown>>(
      db,
      sql`select w.event_id, coalesce(sum(w.balance_cents), 0) - coalesce(sum(x.after_end), 0) as balance
          from wallets w ${
            toAt
              ? sql`cross join lateral (
                  select sum(t.amount_cents) as after_end from wallet_transactions t
                  where t.wallet_id = w.id and t.occurred_at >= ${toAt.toISOString()}::timestamptz
                ) x`
              : sql`cross join (select 0 as after_end) x`
          }
          where w.event_id in (${idList(eventIds)})
          group by w.event_id`,
    ),
  ]);
  const balanceOf = new Map(balances.map((r) => [Number(r.event_id), Number(r.balance)]));
  const sumOf = new Map(sums.map((r) => [Number(r.event_id), r]));
  return eventIds.map((eventId) => {
    const r = sumOf.get(eventId) ?? {};
    return {
      eventId,
      topupCents: Number(r.topup ?? 0),
      onlineTopupCents: Number(r.online_topup ?? 0),
      consumptionCents: Number(r.consumption ?? 0),
      refundCents: Number(r.refund ?? 0),
      feeCents: Number(r.fee ?? 0),
      balanceEndCents: balanceOf.get(eventId) ?? 0,
    };
  });
}

/** Every row so far, per event, from ledger_totals (the online top-up part as it defines it). */
async function ledgerAllTime(db: DbOrTx, eventIds: number[]): Promise<LedgerPeriodTotals[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select event_id,
          coalesce(sum(amount_cents) filter (where type = 'topup'), 0) as topup,
          coalesce(sum(online_topup_cents), 0) as online_topup,
          coalesce(sum(amount_cents) filter (where type = 'consumption'), 0) as consumption,
          coalesce(sum(amount_cents) filter (where type = 'refund'), 0) as refund,
          coalesce(sum(amount_cents) filter (where type = 'fee'), 0) as fee,
          coalesce(sum(amount_cents), 0) as balance
        from ledger_totals where event_id in (${idList(eventIds)})
        group by event_id`,
  );
  const byEvent = new Map(rows.map((r) => [Number(r.event_id), r]));
  return eventIds.map((eventId) => {
    const r = byEvent.get(eventId) ?? {};
    return {
      eventId,
      topupCents: Number(r.topup ?? 0),
      onlineTopupCents: Number(r.online_topup ?? 0),
      consumptionCents: Number(r.consumption ?? 0),
      refundCents: Number(r.refund ?? 0),
      feeCents: Number(r.fee ?? 0),
      balanceEndCents: Number(r.balance ?? 0),
    };
  });
}
