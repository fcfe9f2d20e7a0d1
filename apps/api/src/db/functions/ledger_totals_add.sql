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
