-- The wallet debit split, once: how much of a consumption of p_amount comes out of the online
-- (refundable) part of a wallet holding p_balance, of which p_online was paid online. Money
-- loaded at the event (cash and card at a till) is spent first, then online money, so the
-- customer's refundable amount stays as high as the rules allow.
--
-- Called by the wallet ledger's debit (wallet.repository.ts applyDebit, for debitWallet's
-- 'offline-first' source) and by the bar payment (station_pay_batch). Refunds and their fee
-- take online money only, and transfers an exact share: they do not use it.
CREATE OR REPLACE FUNCTION wallet_online_debit(p_balance int, p_online int, p_amount int)
RETURNS int
LANGUAGE sql IMMUTABLE AS $$
  SELECT GREATEST(0, p_amount - (p_balance - p_online))
$$;
