-- checkin_scan_batch: generated from apps/api/src/db/functions/checkin_scan_batch.sql by `npm run db:functions`; change the source, not this file.
-- The door scan, batched (checkin.repository.ts): the scans that arrive while earlier ones
-- are in flight (apps/api/src/lib/batcher.ts) go to the database as ONE call, which runs each
-- item's statement in turn, in the order given, inside one transaction: one round trip and
-- one commit for many scans. Each item behaves exactly as its one-statement version alone.
--
-- The only implementation of the scan record: every scan, the general path's too, goes through
-- it (checkin.repository.ts, recordScan). Per item: the device must match its key; a nonce the
-- device already used records nothing; without a token (p_token NULL: the caller found no
-- ticket to read, an unreadable, forged or other event's token) `p_reason` is recorded; a
-- token that matches no ticket is 'revoked' (a revoked token) or 'unknown'; a ticket of
-- another event/type/session records nothing and answers `mismatch`; a canceled ticket or
-- event is 'canceled'; without a day the caller's `p_reason` is recorded; else the first
-- check-in of the ticket for the day is 'ok' and any later one 'already_used'.
CREATE OR REPLACE FUNCTION checkin_scan_batch(
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
        CASE WHEN p_token[i] IS NULL THEN p_reason[i]
             WHEN NOT EXISTS (SELECT 1 FROM tk) THEN
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
