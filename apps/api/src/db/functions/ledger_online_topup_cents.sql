-- The money of one ledger row that a top-up loaded online (the refundable part; the rest of a
-- top-up was loaded at the event): the one definition for a wallet's refund quote
-- (wallet.repository.ts, onlineTopupCents) and an event's totals (ledger_totals_add).
CREATE OR REPLACE FUNCTION ledger_online_topup_cents(p_type text, p_online_delta_cents int)
RETURNS int
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_type = 'topup' AND p_online_delta_cents > 0 THEN p_online_delta_cents ELSE 0 END
$$;
