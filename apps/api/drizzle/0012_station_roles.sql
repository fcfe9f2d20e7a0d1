-- Issue 23 item 10: station roles, bounds on a till's occurred_at, bracelet link times.

-- What a station may record (packages/shared/src/stations.ts): bar and shop sell, a top-up
-- point loads money and pays cash back. Existing stations become bars (consumption only): a station that must
-- load money is given the role by an operator, never by default.
ALTER TABLE "stations" ADD COLUMN IF NOT EXISTS "role" text DEFAULT 'bar' NOT NULL;
--> statement-breakpoint
ALTER TABLE "stations" DROP CONSTRAINT IF EXISTS "stations_role_check";
--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_role_check" CHECK ("role" IN ('bar', 'shop', 'topup'));
--> statement-breakpoint
-- Data folders seeded before this change: the demo shop and cash point (README keys, matched
-- by the SHA-256 of their published keys only, so no real station is touched).
UPDATE "stations" SET "role" = 'shop'
WHERE "key_hash" = '43e862adfa1e67015e52e3422d8995f21be1b022856cb618b98db90adc0c98db';
--> statement-breakpoint
UPDATE "stations" SET "role" = 'topup'
WHERE "key_hash" = '9e07fdbcf867b5af71efab8e367eaa192b4aa54af7dc7e627b71e1753eb84ed0';
--> statement-breakpoint

-- When the event's wallet opens for tills (NULL: 48 h before the event starts) and how far
-- back a till may upload what it recorded offline.
ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "wallet_opens_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "wallet_offline_window_minutes" integer DEFAULT 1440 NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT IF EXISTS "events_wallet_offline_window_check";
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_wallet_offline_window_check"
  CHECK ("wallet_offline_window_minutes" BETWEEN 1 AND 10080);
--> statement-breakpoint

-- When a customer linked the bracelet to their wallet: a till may not charge it for a time
-- before that. Bracelets linked before this change take their creation time.
ALTER TABLE "bracelets" ADD COLUMN IF NOT EXISTS "linked_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "bracelets" SET "linked_at" = "bracelets"."created_at"
FROM "wallets"
WHERE "wallets"."id" = "bracelets"."wallet_id" AND "wallets"."customer_id" IS NOT NULL
  AND "bracelets"."linked_at" IS NULL;
--> statement-breakpoint

-- The bar payment in one statement (stations.repository.ts): as in 0005, except that it now
-- applies only payments no time rule can touch: an active bracelet, at or after its link.
-- Anything else (a blocked bracelet, a time before the link) is not applied here and goes to
-- the general path, where the rule and its reason live (packages/shared/src/stations.ts).
CREATE OR REPLACE FUNCTION station_pay_batch(
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
      SELECT br.id, br.wallet_id, br.status, br.linked_at FROM bracelets br
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
          SELECT 1 FROM b WHERE b.status = 'active' AND (b.linked_at IS NULL OR p_at[i] >= b.linked_at)
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
