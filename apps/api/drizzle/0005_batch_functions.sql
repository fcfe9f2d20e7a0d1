-- Micro-batching of the two hottest writes (apps/api/src/lib/batcher.ts): the door scans or
-- bar payments that arrive while earlier ones are in flight go to the database as ONE call,
-- which runs each item's statement in turn, in the order given, inside one transaction: one
-- round trip and one commit for many requests, and a hot wallet row locked once per batch
-- instead of once per payment. Each item behaves exactly as its one-statement version alone.

-- The door scan (checkin.repository.ts, recordScanByToken), once per item.
CREATE FUNCTION checkin_scan_batch(
  p_device int[], p_key_hash text[], p_nonce text[], p_event int[], p_type int[], p_session int[],
  p_token text[], p_day text[], p_at timestamptz[], p_offline boolean[], p_token_hash text[],
  p_reason text[]
) RETURNS TABLE (device_ok boolean, result text, checkin_id int, mismatch boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  i int;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_device, 1), 0) LOOP
    WITH dev AS (
      SELECT d.id FROM checkin_devices d WHERE d.id = p_device[i] AND d.key_hash = p_key_hash[i]
    ),
    prior AS (
      SELECT 1 FROM checkin_scans s WHERE s.device_id = p_device[i] AND s.nonce = p_nonce[i]
    ),
    tk AS (
      SELECT ct.id,
        (ct.state = 'canceled' OR e.status = 'cancelled') AS canceled,
        (ct.event_id = p_event[i] AND ct.ticket_type_id = p_type[i]
          AND ct.session_id IS NOT DISTINCT FROM p_session[i]) AS matches
      FROM customer_tickets ct JOIN events e ON e.id = ct.event_id
      WHERE ct.token = p_token[i]
    ),
    rv AS (
      SELECT r.ticket_id FROM revoked_tokens r WHERE r.token = p_token[i] AND NOT EXISTS (SELECT 1 FROM tk)
    ),
    claim AS (
      INSERT INTO checkins (ticket_id, day, device_id, nonce, scanned_at, offline)
      SELECT tk.id, p_day[i], p_device[i], p_nonce[i], p_at[i], p_offline[i]
      FROM tk
      WHERE tk.matches AND NOT tk.canceled AND p_day[i] IS NOT NULL
        AND EXISTS (SELECT 1 FROM dev) AND NOT EXISTS (SELECT 1 FROM prior)
      ON CONFLICT DO NOTHING
      RETURNING id
    ),
    scan AS (
      INSERT INTO checkin_scans (device_id, nonce, token_hash, ticket_id, result, scanned_at, offline)
      SELECT p_device[i], p_nonce[i], p_token_hash[i],
        COALESCE((SELECT tk.id FROM tk), (SELECT rv.ticket_id FROM rv)),
        CASE WHEN NOT EXISTS (SELECT 1 FROM tk) THEN
               CASE WHEN EXISTS (SELECT 1 FROM rv) THEN 'revoked' ELSE 'unknown' END
             WHEN (SELECT tk.canceled FROM tk) THEN 'canceled'
             WHEN p_day[i] IS NULL THEN p_reason[i]
             WHEN EXISTS (SELECT 1 FROM claim) THEN 'ok'
             ELSE 'already_used' END,
        p_at[i], p_offline[i]
      WHERE EXISTS (SELECT 1 FROM dev) AND NOT EXISTS (SELECT 1 FROM tk WHERE NOT tk.matches)
      ON CONFLICT DO NOTHING
      RETURNING checkin_scans.result
    )
    SELECT EXISTS (SELECT 1 FROM dev),
      (SELECT scan.result FROM scan),
      (SELECT claim.id FROM claim),
      EXISTS (SELECT 1 FROM tk WHERE NOT tk.matches)
    INTO device_ok, result, checkin_id, mismatch;
    RETURN NEXT;
  END LOOP;
END
$$;
--> statement-breakpoint

-- The bar payment (stations.repository.ts, payWithBraceletInOneStatement), once per item. An item
-- whose client id or ledger key was already used is not applied (the caller's general path
-- answers `duplicate`); a concurrent first use of the same id fails the whole call on the
-- unique index, and the caller then runs the batch's items one by one.
CREATE FUNCTION station_pay_batch(
  p_station int[], p_key_hash text[], p_event int[], p_bracelet text[], p_amount int[],
  p_at timestamptz[], p_description text[], p_idempotency_key text[], p_client_id text[]
) RETURNS TABLE (station_ok boolean, balance_cents int, transaction_id int)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  i int;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_station, 1), 0) LOOP
    IF EXISTS (
      SELECT 1 FROM station_submissions s WHERE s.station_id = p_station[i] AND s.client_id = p_client_id[i]
    ) OR EXISTS (
      SELECT 1 FROM wallet_transactions t WHERE t.idempotency_key = p_idempotency_key[i]
    ) THEN
      station_ok := true;
      balance_cents := NULL;
      transaction_id := NULL;
      RETURN NEXT;
      CONTINUE;
    END IF;
    WITH st AS (
      SELECT s.id FROM stations s
      WHERE s.id = p_station[i] AND s.key_hash = p_key_hash[i] AND s.status = 'active'
    ),
    b AS (
      SELECT br.id, br.wallet_id, br.status, br.blocked_at FROM bracelets br
      WHERE br.event_id = p_event[i] AND (br.uid = p_bracelet[i] OR br.code = p_bracelet[i])
        AND EXISTS (SELECT 1 FROM st)
      LIMIT 1
      FOR UPDATE
    ),
    w AS (
      UPDATE wallets AS w
      SET balance_cents = old.balance_cents - p_amount[i],
          online_cents = old.online_cents - GREATEST(0, p_amount[i] - (old.balance_cents - old.online_cents))
      FROM (
        SELECT wl.id, wl.balance_cents, wl.online_cents FROM wallets wl
        WHERE wl.id = (SELECT b.wallet_id FROM b) FOR UPDATE
      ) AS old
      WHERE w.id = old.id AND old.balance_cents >= p_amount[i]
        AND EXISTS (
          SELECT 1 FROM b
          WHERE b.status <> 'blocked' OR (b.blocked_at IS NOT NULL AND p_at[i] < b.blocked_at)
        )
      RETURNING w.id, w.balance_cents, old.online_cents - w.online_cents AS online_debit
    ),
    l AS (
      INSERT INTO wallet_transactions
        (wallet_id, type, amount_cents, online_delta_cents, station_id, bracelet_id,
         description, idempotency_key, occurred_at)
      SELECT w.id, 'consumption', -p_amount[i], -w.online_debit, p_station[i], (SELECT b.id FROM b),
        p_description[i], p_idempotency_key[i], p_at[i]
      FROM w
      RETURNING id
    ),
    sub AS (
      INSERT INTO station_submissions (station_id, client_id, status, wallet_transaction_id, answer)
      SELECT p_station[i], p_client_id[i], 'accepted', l.id,
        jsonb_build_object('balance_cents', w.balance_cents, 'transaction_id', l.id)
      FROM l, w
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM st),
      (SELECT w.balance_cents FROM w),
      (SELECT l.id FROM l WHERE EXISTS (SELECT 1 FROM sub))
    INTO station_ok, balance_cents, transaction_id;
    RETURN NEXT;
  END LOOP;
END
$$;
