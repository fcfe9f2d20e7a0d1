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
 * reversals included) and fees; the whole sum and the row count.
 */
export async function eventLedgerSums(db: DbOrTx, eventId: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select
          coalesce(sum(t.amount_cents) filter (where t.type = 'topup' and t.station_id is null), 0) as topup_online,
          coalesce(sum(t.amount_cents) filter (where t.type = 'topup' and t.station_id is not null), 0) as topup_onsite,
          coalesce(sum(t.amount_cents) filter (where t.type = 'transfer'), 0) as transfer,
          coalesce(sum(t.amount_cents) filter (where t.type = 'consumption'), 0) as consumption,
          coalesce(sum(t.amount_cents) filter (where t.type = 'refund' and t.station_id is not null), 0) as cash_refund,
          coalesce(sum(t.amount_cents) filter (where t.type = 'refund' and t.station_id is null), 0) as wallet_refund,
          coalesce(sum(t.amount_cents) filter (where t.type = 'fee'), 0) as fee,
          coalesce(sum(t.amount_cents), 0) as total,
          count(*) as n
        from wallets w join wallet_transactions t on t.wallet_id = w.id
        where w.event_id = ${eventId}`,
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
