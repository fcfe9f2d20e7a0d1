-- ledger_online_topup_cents: generated from apps/api/src/db/functions/ledger_online_topup_cents.sql by `npm run db:functions`; change the source, not this file.
-- The money of one ledger row that a top-up loaded online (the refundable part; the rest of a
-- top-up was loaded at the event): the one definition for a wallet's refund quote
-- (wallet.repository.ts, onlineTopupCents) and an event's totals (ledger_totals_add).
CREATE OR REPLACE FUNCTION ledger_online_topup_cents(p_type text, p_online_delta_cents int)
RETURNS int
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_type = 'topup' AND p_online_delta_cents > 0 THEN p_online_delta_cents ELSE 0 END
$$;
--> statement-breakpoint
-- ledger_totals_add: generated from apps/api/src/db/functions/ledger_totals_add.sql by `npm run db:functions`; change the source, not this file.
-- Adds the ledger rows of one INSERT into wallet_transactions to ledger_totals (per event, type
-- and till), in the inserting transaction: the statement trigger wallet_transactions_totals
-- calls it with the statement's new rows, whatever path wrote them (a bar batch, a top-up, a
-- refund), so there is no second place that adds up the ledger. Ledger rows are never updated
-- or deleted, so adding is all it does. Each writing connection has its own rows (shard = its
-- backend pid): two transactions never update the same totals row, so payments never queue on
-- it and no lock order is needed; readers add an event's shards up (wallet.repository.ts,
-- eventLedgerTotals).
CREATE OR REPLACE FUNCTION ledger_totals_add()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_totals AS x
    (event_id, type, station_id, shard, amount_cents, online_topup_cents, row_count)
  SELECT w.event_id, n.type, coalesce(n.station_id, 0), pg_backend_pid(),
    sum(n.amount_cents),
    sum(ledger_online_topup_cents(n.type, n.online_delta_cents)),
    count(*)
  FROM ledger_new_rows n JOIN wallets w ON w.id = n.wallet_id
  GROUP BY w.event_id, n.type, coalesce(n.station_id, 0)
  ON CONFLICT (event_id, type, station_id, shard) DO UPDATE
    SET amount_cents = x.amount_cents + excluded.amount_cents,
        online_topup_cents = x.online_topup_cents + excluded.online_topup_cents,
        row_count = x.row_count + excluded.row_count;
  RETURN NULL;
END
$$;
