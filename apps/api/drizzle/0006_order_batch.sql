-- Micro-batching of checkout (apps/api/src/lib/batcher.ts, orders.repository.ts
-- insertPendingOrder): the pending orders that arrive while earlier ones are in flight go
-- to the database as ONE call, one round trip and one commit for many checkouts, and a hot
-- ticket type's row locked once per batch instead of once per order.
--
-- Each order runs in its own sub-transaction, in the order given: its order row, lines and
-- audit row, then each counter it claims (ticket types, sessions, days, in the global order
-- of stock.repository.ts `counters`), then its cart lines are cleared. When a counter would
-- pass its stock (the CHECK constraints of migration 0004), its Idempotency-Key or reference
-- is taken, or it deadlocks, THAT order writes nothing and answers the error's SQLSTATE and
-- constraint; the others go on. The caller turns those into the same errors a lone
-- statement would have thrown.
CREATE FUNCTION insert_pending_orders(p_orders jsonb)
RETURNS TABLE (order_id int, line_ids int[], error_code text, error_constraint text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  o jsonb;
  c jsonb;
  v_order int;
  v_lines int[];
BEGIN
  FOR o IN SELECT x.value FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS x(value, n) ORDER BY x.n LOOP
    BEGIN
      INSERT INTO orders (reference, customer_id, event_id, status, subtotal_cents, service_cents,
        total_cents, billing, receipt_email, idempotency_key, expires_at, created_at)
      VALUES (o->>'reference', (o->>'customer_id')::int, (o->>'event_id')::int, 'pending',
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
      VALUES (o->>'audit_actor', 'order.create', 'order', v_order::text, o->'audit_data');
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
      error_code := NULL;
      error_constraint := NULL;
    EXCEPTION WHEN check_violation OR unique_violation OR deadlock_detected THEN
      GET STACKED DIAGNOSTICS error_code = RETURNED_SQLSTATE, error_constraint = CONSTRAINT_NAME;
      order_id := NULL;
      line_ids := NULL;
    END;
    RETURN NEXT;
  END LOOP;
END
$$;
