-- Every insert into the ledger adds its rows to ledger_totals in the same transaction
-- (apps/api/src/db/functions/ledger_totals_add.sql); the ledger written so far is added once
-- here (shard 0: no connection has that pid).
CREATE TRIGGER wallet_transactions_totals
  AFTER INSERT ON wallet_transactions
  REFERENCING NEW TABLE AS ledger_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_add();
--> statement-breakpoint
INSERT INTO ledger_totals (event_id, type, station_id, shard, amount_cents, online_topup_cents, row_count)
SELECT w.event_id, t.type, coalesce(t.station_id, 0), 0, sum(t.amount_cents),
  sum(ledger_online_topup_cents(t.type, t.online_delta_cents)), count(*)
FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id
GROUP BY w.event_id, t.type, coalesce(t.station_id, 0);
