-- What makes a customer session live: not revoked, not expired at `p_at`, and its customer
-- not erased. Every authenticated request reads its session through it
-- (session.repository.ts), and so does insert_pending_orders for an order given `token_hash`.
CREATE OR REPLACE FUNCTION live_sessions(p_token_hashes text[], p_at timestamptz)
RETURNS TABLE (session_id int, customer_id int, impersonated_by text)
LANGUAGE sql STABLE AS $$
  SELECT s.id, s.customer_id, s.impersonated_by
  FROM customer_sessions s JOIN customers c ON c.id = s.customer_id
  WHERE s.token_hash = ANY (p_token_hashes)
    AND s.revoked_at IS NULL
    AND s.expires_at > p_at
    AND c.status <> 'erased'
$$;
