/**
 * The sums the float reconciliation reads (reconciliation.service.ts): the event's ledger added
 * up by kind of row, its wallets now, its wallet refund requests by status.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

const n = (v: unknown) => Number(v ?? 0);

/**
 * The event's ledger added up (signed cents): top-ups online (no till) and at a till,
 * transfers, bar and shop payments, cash back at a till, refund-to-IBAN rows (their
 * reversals included) and fees; the whole sum and the row count. Read from ledger_totals,
 * which the database adds each ledger row to as it is written (ledger_totals_add; station 0:
 * no till): a few rows per till whatever the size of the ledger, and kept apart from the
 * wallets' cached balances the reconciliation checks.
 */
export async function eventLedgerSums(db: DbOrTx, eventId: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select
          coalesce(sum(amount_cents) filter (where type = 'topup' and station_id = 0), 0) as topup_online,
          coalesce(sum(amount_cents) filter (where type = 'topup' and station_id <> 0), 0) as topup_onsite,
          coalesce(sum(amount_cents) filter (where type = 'transfer'), 0) as transfer,
          coalesce(sum(amount_cents) filter (where type = 'consumption'), 0) as consumption,
          coalesce(sum(amount_cents) filter (where type = 'refund' and station_id <> 0), 0) as cash_refund,
          coalesce(sum(amount_cents) filter (where type = 'refund' and station_id = 0), 0) as wallet_refund,
          coalesce(sum(amount_cents) filter (where type = 'fee'), 0) as fee,
          coalesce(sum(amount_cents), 0) as total,
          coalesce(sum(row_count), 0) as n
        from ledger_totals
        where event_id = ${eventId}`,
  );
  const r = rows[0] ?? {};
  return {
    topupOnline: n(r.topup_online),
    topupOnsite: n(r.topup_onsite),
    transfer: n(r.transfer),
    consumption: n(r.consumption),
    cashRefund: n(r.cash_refund),
    walletRefund: n(r.wallet_refund),
    fee: n(r.fee),
    total: n(r.total),
    rows: n(r.n),
  };
}

/** The event's wallet refund requests: amounts and fees per status. */
export async function eventRefundSums(db: DbOrTx, eventId: number) {
  const rows = await queryRows<{ status: string; amount: unknown; fee: unknown }>(
    db,
    sql`select r.status, coalesce(sum(r.amount_cents), 0) as amount, coalesce(sum(r.fee_cents), 0) as fee
        from wallets w join refund_requests r on r.wallet_id = w.id
        where w.event_id = ${eventId}
        group by r.status`,
  );
  return rows.map((r) => ({ status: r.status, amountCents: n(r.amount), feeCents: n(r.fee) }));
}
