-- The pending order, batched (orders.repository.ts insertPendingOrder): the orders that arrive
-- while earlier ones are in flight (apps/api/src/lib/batcher.ts) go to the database as ONE
-- call, one round trip and one commit for many checkouts, and a hot ticket type's row locked
-- once per batch instead of once per order.
--
-- Each order runs in its own sub-transaction, in the order given: the customer's pending order
-- for the event is replaced, then its order row, lines and audit row are written, then each
-- counter it claims (ticket types, sessions, days, capacity groups), then its cart lines are
-- cleared. When a counter would pass its stock (the CHECK constraints of migration 0004 and
-- capacity_groups_within_capacity), its Idempotency-Key or reference is taken, or it
-- deadlocks, THAT order writes nothing and answers the error's SQLSTATE and constraint; the
-- others go on. The caller turns those into the same errors a lone statement would have
-- thrown.
--
-- Who orders: `customer_id`, already authenticated by the caller (the auth plugin, like every
-- customer route), with its `audit_actor` (customer:<id>, or support:<operator> for an
-- impersonated session). This statement knows nothing about sessions or tokens.
--
-- All inside the order's own sub-transaction, so a refused order changes nothing:
--  * `rate_per_minute` (when given): a customer who created that many orders in the minute
--    before `created_at` is refused with error_code 'BH429' (create-order.service.ts: 429);
--  * the customer's pending order for the event (orders_one_pending_idx: at most one) is
--    cancelled and its stock given back, netted with what the new order claims and applied
--    in the global lock order (types, sessions, days, groups; by key), so re-ordering the same
--    tickets never fails for lack of stock. The codes the replaced order used (promo, access)
--    are given back in the same way. A payment attempt still open on the replaced
--    order that is approved later takes the late-approval path (tickets if places are left,
--    else refunded). Two concurrent orders of one customer for one event: the second fails
--    on orders_one_pending_idx (23505) and the service tries it again, replacing the first;
--  * `step_guards` (only an order priced by a step that ends after a number of tickets):
--    { ticket_type_id: n } — the places of the type taken before this order must be fewer
--    than n, else the early-bird places ran out meanwhile: error_code 'BH409', constraint
--    'price_step' (create-order.service.ts: 409, the new price named);
--  * `promo_code_id` / `access_code_id` (only an order with a code): one use of each is
--    taken by an unconditional UPDATE after the stock (the CHECKs promo_codes_uses_check and
--    access_codes_uses_check are the limit, as stock's are), then the customer's orders with
--    that promo code (cancelled ones excluded, this one included) must not pass its
--    per_customer_limit: error_code 'BH410', constraint 'promo_codes_per_customer'. The row
--    lock of the UPDATE orders concurrent redemptions of a code, so the count is exact. An
--    order without a code or a quantity step runs none of this.
CREATE OR REPLACE FUNCTION insert_pending_orders(p_orders jsonb)
RETURNS TABLE (order_id int, line_ids int[], error_code text, error_constraint text,
  customer_id int)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  o jsonb;
  c record;
  v_order int;
  v_lines int[];
  v_customer int;
  v_event int;
  v_at timestamptz;
  v_old int[];
  v_before int;
  v_limit int;
  v_code int;
BEGIN
  FOR o IN SELECT x.value FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS x(value, n) ORDER BY x.n LOOP
    order_id := NULL;
    line_ids := NULL;
    error_code := NULL;
    error_constraint := NULL;
    v_event := (o->>'event_id')::int;
    v_at := (o->>'created_at')::timestamptz;
    v_customer := (o->>'customer_id')::int;
    customer_id := v_customer;
    IF o->>'rate_per_minute' IS NOT NULL AND (
      SELECT count(*) FROM orders r
      WHERE r.customer_id = v_customer AND r.created_at > v_at - interval '1 minute'
    ) >= (o->>'rate_per_minute')::int THEN
      error_code := 'BH429';
      RETURN NEXT;
      CONTINUE;
    END IF;
    BEGIN
      SELECT coalesce(array_agg(p.id), '{}') INTO v_old FROM (
        SELECT p.id FROM orders p
        WHERE p.customer_id = v_customer AND p.event_id = v_event AND p.status = 'pending'
        ORDER BY p.id FOR UPDATE) p;
      IF cardinality(v_old) > 0 THEN
        UPDATE orders SET status = 'cancelled' WHERE id = ANY (v_old);
        INSERT INTO audit_log (actor, action, entity, entity_id, data)
        SELECT coalesce(o->>'audit_actor', 'customer:' || v_customer),
          'order.replace', 'order', x.id::text, jsonb_build_object('replaced_by_reference', o->>'reference')
        FROM unnest(v_old) AS x(id);
      END IF;
      INSERT INTO orders (reference, customer_id, event_id, status, subtotal_cents, service_cents,
        total_cents, billing, receipt_email, idempotency_key, expires_at, created_at,
        discount_cents, promo_code_id, access_code_id)
      VALUES (o->>'reference', v_customer, v_event, 'pending',
        (o->>'subtotal_cents')::int, (o->>'service_cents')::int, (o->>'total_cents')::int,
        o->'billing', o->>'receipt_email', o->>'idempotency_key',
        (o->>'expires_at')::timestamptz, v_at,
        coalesce((o->>'discount_cents')::int, 0), (o->>'promo_code_id')::int, (o->>'access_code_id')::int)
      RETURNING id INTO v_order;
      -- serial ids follow the insertion order, which follows pos
      WITH l AS (
        INSERT INTO order_lines (order_id, kind, ticket_type_id, session_id, qty, unit_cents,
          description, stock_days, stock_groups, discount_cents)
        SELECT v_order, x.kind, x.ticket_type_id, x.session_id, x.qty, x.unit_cents, x.description,
          x.stock_days, coalesce(x.stock_groups, '[]'), coalesce(x.discount_cents, 0)
        FROM jsonb_to_recordset(o->'lines') AS x(pos int, kind text, ticket_type_id int,
          session_id int, qty int, unit_cents int, description text, stock_days jsonb,
          stock_groups jsonb, discount_cents int)
        ORDER BY x.pos
        RETURNING id
      )
      SELECT coalesce(array_agg(l.id ORDER BY l.id), '{}') INTO v_lines FROM l;
      INSERT INTO audit_log (actor, action, entity, entity_id, data)
      VALUES (coalesce(o->>'audit_actor', 'customer:' || v_customer),
        'order.create', 'order', v_order::text, o->'audit_data');
      -- What the new order claims less what the replaced one held, per counter, in the
      -- global lock order. Unconditional on purpose: the CHECK is the rule, and a day without
      -- an event_day_stock row (or a group deleted since) matches no row (not limited).
      FOR c IN
        SELECT s.kind, s.id, s.day, sum(s.n)::int AS n FROM (
          SELECT x.value->>'kind' AS kind, (x.value->>'id')::int AS id, x.value->>'day' AS day,
            (x.value->>'n')::int AS n
          FROM jsonb_array_elements(o->'counters') AS x(value)
          UNION ALL
          SELECT 'type', l.ticket_type_id, NULL, -l.qty FROM order_lines l
          WHERE l.order_id = ANY (v_old) AND l.kind = 'ticket' AND l.ticket_type_id IS NOT NULL
          UNION ALL
          SELECT 'session', l.session_id, NULL, -l.qty FROM order_lines l
          WHERE l.order_id = ANY (v_old) AND l.kind = 'ticket' AND l.ticket_type_id IS NOT NULL
            AND l.session_id IS NOT NULL
          UNION ALL
          SELECT 'day', NULL, d.day, -l.qty FROM order_lines l,
            jsonb_array_elements_text(l.stock_days) AS d(day)
          WHERE l.order_id = ANY (v_old) AND l.kind = 'ticket' AND l.ticket_type_id IS NOT NULL
          UNION ALL
          SELECT 'group', g.id::int, NULL, -l.qty FROM order_lines l,
            jsonb_array_elements_text(l.stock_groups) AS g(id)
          WHERE l.order_id = ANY (v_old) AND l.kind = 'ticket' AND l.ticket_type_id IS NOT NULL
        ) s
        GROUP BY s.kind, s.id, s.day
        HAVING sum(s.n) <> 0
        ORDER BY CASE s.kind WHEN 'type' THEN 0 WHEN 'session' THEN 1 WHEN 'day' THEN 2 ELSE 3 END,
          s.id, s.day
      LOOP
        CASE c.kind
          WHEN 'type' THEN
            IF o->'step_guards' ? c.id::text THEN
              UPDATE ticket_types SET reserved = reserved + c.n WHERE id = c.id
              RETURNING reserved + sold - c.n INTO v_before;
              IF v_before >= (o->'step_guards'->>c.id::text)::int THEN
                RAISE EXCEPTION 'price step over' USING ERRCODE = 'BH409', CONSTRAINT = 'price_step';
              END IF;
            ELSE
              UPDATE ticket_types SET reserved = reserved + c.n WHERE id = c.id;
            END IF;
          WHEN 'session' THEN
            UPDATE event_sessions SET reserved = reserved + c.n WHERE id = c.id;
          WHEN 'day' THEN
            UPDATE event_day_stock SET reserved = reserved + c.n
            WHERE event_id = v_event AND day = c.day;
          ELSE
            UPDATE capacity_groups SET reserved = reserved + c.n WHERE id = c.id;
        END CASE;
      END LOOP;
      -- codes: the replaced order's uses back, then this order's taken (after the stock)
      IF cardinality(v_old) > 0 THEN
        FOR v_code IN SELECT p.promo_code_id FROM orders p
          WHERE p.id = ANY (v_old) AND p.promo_code_id IS NOT NULL ORDER BY 1 LOOP
          UPDATE promo_codes SET used = used - 1 WHERE id = v_code;
        END LOOP;
        FOR v_code IN SELECT p.access_code_id FROM orders p
          WHERE p.id = ANY (v_old) AND p.access_code_id IS NOT NULL ORDER BY 1 LOOP
          UPDATE access_codes SET used = used - 1 WHERE id = v_code;
        END LOOP;
      END IF;
      IF o->>'promo_code_id' IS NOT NULL THEN
        v_code := (o->>'promo_code_id')::int;
        UPDATE promo_codes SET used = used + 1 WHERE id = v_code
        RETURNING per_customer_limit INTO v_limit;
        IF v_limit IS NOT NULL AND (
          SELECT count(*) FROM orders r
          WHERE r.customer_id = v_customer AND r.promo_code_id = v_code AND r.status <> 'cancelled'
        ) > v_limit THEN
          RAISE EXCEPTION 'promo code per customer' USING ERRCODE = 'BH410',
            CONSTRAINT = 'promo_codes_per_customer';
        END IF;
      END IF;
      IF o->>'access_code_id' IS NOT NULL THEN
        UPDATE access_codes SET used = used + 1 WHERE id = (o->>'access_code_id')::int;
      END IF;
      IF o->>'clear_cart_id' IS NOT NULL THEN
        DELETE FROM cart_items WHERE cart_id = (o->>'clear_cart_id')::int;
      END IF;
      order_id := v_order;
      line_ids := v_lines;
    EXCEPTION WHEN check_violation OR unique_violation OR deadlock_detected
      OR SQLSTATE 'BH409' OR SQLSTATE 'BH410' THEN
      GET STACKED DIAGNOSTICS error_code = RETURNED_SQLSTATE, error_constraint = CONSTRAINT_NAME;
    END;
    RETURN NEXT;
  END LOOP;
END
$$;
