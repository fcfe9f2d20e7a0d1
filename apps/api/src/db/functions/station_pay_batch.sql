-- The bar payment, batched (wallet/bracelet-payment.repository.ts): the payments that arrive while earlier
-- ones are in flight (apps/api/src/lib/batcher.ts) go to the database as ONE call, which runs
-- each item's statement in turn, in the order given, inside one transaction: one round trip
-- and one commit for many payments, and a hot wallet row locked once per batch instead of
-- once per payment. Each item behaves exactly as its one-statement version alone.
--
-- An item whose client id or ledger key was already used is not applied (the caller's general
-- path answers `duplicate`); a concurrent first use of the same id fails the whole call on the
-- unique index, and the caller then runs the batch's items one by one.
--
-- The time rule on the bracelet (blocked, before its link) is not here: it lives once, in
-- packages/shared/src/stations.ts (stationTimeRefusal), and the caller judged the payment with
-- it against the bracelet as it knew it (p_status, p_blocked_at, p_linked_at). The payment is
-- applied only when the locked bracelet is still exactly that; anything else (the bracelet
-- changed since, a balance too low) is not applied here (transaction_id NULL) and goes to the
-- general path, which reads the bracelet again and says why.
--
-- The debit takes event money first, then online money: wallet_online_debit, the split the
-- wallet ledger's own debits use too.
--
-- p_items[i] is the payment's items that name a product, as JSON text
-- ([{"product_id", "qty", "unit_cents"}], '[]' for none): an applied payment writes one
-- bar_product_sales row per item, in the same statement, with the product's VAT rate. Only the
-- event's products are written (the caller refused the payment naming another's, with a reason);
-- a product's stock never refuses a payment (the till took the money, perhaps offline).
CREATE OR REPLACE FUNCTION station_pay_batch(
  p_station int[], p_key_hash text[], p_event int[], p_bracelet text[], p_amount int[],
  p_at timestamptz[], p_description text[], p_idempotency_key text[], p_client_id text[],
  p_status text[], p_blocked_at timestamptz[], p_linked_at timestamptz[], p_items text[]
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
      SELECT br.id, br.wallet_id, br.status, br.blocked_at, br.linked_at FROM bracelets br
      WHERE br.event_id = p_event[i] AND (br.uid = p_bracelet[i] OR br.code = p_bracelet[i])
        AND EXISTS (SELECT 1 FROM st)
      LIMIT 1
      FOR UPDATE
    ),
    w AS (
      UPDATE wallets AS w
      SET balance_cents = old.balance_cents - p_amount[i],
          online_cents = old.online_cents - wallet_online_debit(old.balance_cents, old.online_cents, p_amount[i])
      FROM (
        SELECT wl.id, wl.balance_cents, wl.online_cents FROM wallets wl
        WHERE wl.id = (SELECT b.wallet_id FROM b) FOR UPDATE
      ) AS old
      WHERE w.id = old.id AND old.balance_cents >= p_amount[i]
        AND EXISTS (
          -- to the millisecond: the caller's copy went through JavaScript dates
          SELECT 1 FROM b WHERE b.status = p_status[i]
            AND date_trunc('milliseconds', b.blocked_at) IS NOT DISTINCT FROM p_blocked_at[i]
            AND date_trunc('milliseconds', b.linked_at) IS NOT DISTINCT FROM p_linked_at[i]
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
    ps AS (
      INSERT INTO bar_product_sales
        (event_id, product_id, station_id, wallet_transaction_id, qty, unit_cents, vat_rate, occurred_at)
      SELECT p_event[i], p.id, p_station[i], l.id, it.qty, it.unit_cents, p.vat_rate, p_at[i]
      FROM l
      CROSS JOIN jsonb_to_recordset(coalesce(p_items[i], '[]')::jsonb) AS it(product_id int, qty int, unit_cents int)
      JOIN bar_products p ON p.id = it.product_id AND p.event_id = p_event[i]
      RETURNING 1
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
