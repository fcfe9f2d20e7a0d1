/** A bracelet of an event in the back office: found by UID or code, its wallet's ledger, block. */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/** One page of a wallet's ledger, newest first, keyset on (occurred_at, id), with the balance after each row. */
export async function walletLedgerPage(
  db: DbOrTx,
  walletId: number,
  limit: number,
  before?: { at: Date; id: number },
) {
  const after = before
    ? sql`where (x.occurred_at, x.id) < (${before.at.toISOString()}::timestamptz, ${before.id}::int)`
    : sql``;
  const rows = await queryRows<{
    id: number;
    occurred_at: Date | string;
    type: string;
    amount_cents: number;
    description: string;
    description_code: string | null;
    description_params: Record<string, string> | null;
    station: string | null;
    balance_after: unknown;
  }>(
    db,
    sql`select x.* from (
          select t.id, t.occurred_at, t.type, t.amount_cents, t.description, t.description_code,
            t.description_params, s.name as station,
            sum(t.amount_cents) over (order by t.occurred_at, t.id) as balance_after
          from wallet_transactions t left join stations s on s.id = t.station_id
          where t.wallet_id = ${walletId}
        ) x
        ${after}
        order by x.occurred_at desc, x.id desc
        limit ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    occurredAt: new Date(r.occurred_at),
    type: r.type,
    amountCents: Number(r.amount_cents),
    description: r.description,
    descriptionCode: r.description_code,
    descriptionParams: r.description_params,
    station: r.station,
    balanceAfterCents: Number(r.balance_after),
  }));
}

/** Sets a bracelet's status: blocked now, or active again (its block time cleared). */
export async function setBraceletBlocked(db: DbOrTx, braceletId: number, blocked: boolean, now: Date) {
  await queryRows(
    db,
    blocked
      ? sql`update bracelets set status = 'blocked', blocked_at = ${now.toISOString()}::timestamptz where id = ${braceletId}`
      : sql`update bracelets set status = 'active', blocked_at = null where id = ${braceletId}`,
  );
}
