-- A direct purchase authenticates inside its order's own database call
-- (orders.repository.ts insertPendingOrder with `sessionTokenHash`): a batch of checkouts
-- costs one round trip and one commit instead of a session lookup first, then the order.
-- The session is checked in the same transaction that writes the order, never earlier.
--
-- What makes a session live is this one function: every authenticated request reads its
-- session through it (session.repository.ts) and so does insert_pending_orders.
CREATE FUNCTION live_sessions(p_token_hashes text[], p_at timestamptz)
RETURNS TABLE (session_id int, customer_id int, impersonated_by text)
LANGUAGE sql STABLE AS $$
  SELECT s.id, s.customer_id, s.impersonated_by
  FROM customer_sessions s JOIN customers c ON c.id = s.customer_id
  WHERE s.token_hash = ANY (p_token_hashes)
    AND s.revoked_at IS NULL
    AND s.expires_at > p_at
    AND c.status <> 'erased'
$$;
--> statement-breakpoint
-- Same as migration 0006, plus: an order given `token_hash` instead of `customer_id` belongs
-- to that live session's customer, its audit actor is the session's (auditActor in
-- plugins/auth.ts), and its row answers the session; without a live session it writes
-- nothing and answers error_code 28000 (invalid_authorization_specification). The new
-- columns come after the old ones, so an instance of the previous release still reads it.
DROP FUNCTION insert_pending_orders(jsonb);
--> statement-breakpoint
CREATE FUNCTION insert_pending_orders(p_orders jsonb)
RETURNS TABLE (order_id int, line_ids int[], error_code text, error_constraint text,
  customer_id int, session_id int, impersonated_by text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  o jsonb;
  c jsonb;
  v_order int;
  v_lines int[];
  v_customer int;
  v_session int;
  v_support text;
BEGIN
  FOR o IN SELECT x.value FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS x(value, n) ORDER BY x.n LOOP
    order_id := NULL;
    line_ids := NULL;
    error_code := NULL;
    error_constraint := NULL;
    IF o ? 'token_hash' THEN
      -- no row: all three NULL
      SELECT l.session_id, l.customer_id, l.impersonated_by INTO v_session, v_customer, v_support
      FROM live_sessions(ARRAY[o->>'token_hash'], (o->>'created_at')::timestamptz) l;
      IF v_session IS NULL THEN
        error_code := '28000';
        customer_id := NULL;
        session_id := NULL;
        impersonated_by := NULL;
        RETURN NEXT;
        CONTINUE;
      END IF;
    ELSE
      v_customer := (o->>'customer_id')::int;
      v_session := NULL;
      v_support := NULL;
    END IF;
    customer_id := v_customer;
    session_id := v_session;
    impersonated_by := v_support;
    BEGIN
      INSERT INTO orders (reference, customer_id, event_id, status, subtotal_cents, service_cents,
        total_cents, billing, receipt_email, idempotency_key, expires_at, created_at)
      VALUES (o->>'reference', v_customer, (o->>'event_id')::int, 'pending',
        (o->>'subtotal_cents')::int, (o->>'service_cents')::int, (o->>'total_cents')::int,
        o->'billing', o->>'receipt_email', o->>'idempotency_key',
        (o->>'expires_at')::timestamptz, (o->>'created_at')::timestamptz)
      RETURNING id INTO v_order;
      -- serial ids follow the insertion order, which follows pos
      WITH l AS (
        INSERT INTO order_lines (order_id, kind, ticket_type_id, session_id, qty, unit_cents,
          description, stock_days)
        SELECT v_order, x.kind, x.ticket_type_id, x.session_id, x.qty, x.unit_cents, x.description,
          x.stock_days
        FROM jsonb_to_recordset(o->'lines') AS x(pos int, kind text, ticket_type_id int,
          session_id int, qty int, unit_cents int, description text, stock_days jsonb)
        ORDER BY x.pos
        RETURNING id
      )
      SELECT coalesce(array_agg(l.id ORDER BY l.id), '{}') INTO v_lines FROM l;
      INSERT INTO audit_log (actor, action, entity, entity_id, data)
      VALUES (coalesce(o->>'audit_actor',
          CASE WHEN v_support IS NULL THEN 'customer:' || v_customer ELSE 'support:' || v_support END),
        'order.create', 'order', v_order::text, o->'audit_data');
      -- unconditional on purpose: the CHECK is the rule, and a day without an
      -- event_day_stock row matches no row (not limited)
      FOR c IN SELECT x.value FROM jsonb_array_elements(o->'counters') WITH ORDINALITY AS x(value, n) ORDER BY x.n LOOP
        CASE c->>'kind'
          WHEN 'type' THEN
            UPDATE ticket_types SET reserved = reserved + (c->>'n')::int WHERE id = (c->>'id')::int;
          WHEN 'session' THEN
            UPDATE event_sessions SET reserved = reserved + (c->>'n')::int WHERE id = (c->>'id')::int;
          ELSE
            UPDATE event_day_stock SET reserved = reserved + (c->>'n')::int
            WHERE event_id = (o->>'event_id')::int AND day = c->>'day';
        END CASE;
      END LOOP;
      IF o->>'clear_cart_id' IS NOT NULL THEN
        DELETE FROM cart_items WHERE cart_id = (o->>'clear_cart_id')::int;
      END IF;
      order_id := v_order;
      line_ids := v_lines;
    EXCEPTION WHEN check_violation OR unique_violation OR deadlock_detected THEN
      GET STACKED DIAGNOSTICS error_code = RETURNED_SQLSTATE, error_constraint = CONSTRAINT_NAME;
    END;
    RETURN NEXT;
  END LOOP;
END
$$;
