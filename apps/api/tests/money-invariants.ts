import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../src/db/client';

/**
 * The money and stock invariants that must hold after any fault or concurrency run (issue
 * 23, "Figures"): no negative wallet balance, every balance equals the sum of its ledger,
 * every event's ledger totals (ledger_totals) add up to its ledger,
 * no counter past its capacity, every place sold has its issued ticket, every reserved
 * place is held by a pending order (a capacity group's: by the order lines that took it), at most one approved payment per order, every promo or
 * access code use held by an order that is not cancelled.
 *
 * "Sold = issued" is checked against a baseline taken before the run, because the demo seed
 * marks a sold-out event's places sold without issuing tickets for them: what a run sells
 * must come with exactly as many tickets.
 */
export interface StockBaseline {
  /** per ticket type id: sold − issued tickets before the run */
  soldWithoutTicket: Map<number, number>;
}

async function soldWithoutTicket(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; gap: number }>(
    db,
    sql`SELECT t.id, t.sold - (SELECT count(*)::int FROM customer_tickets c WHERE c.ticket_type_id = t.id) AS gap
        FROM ticket_types t`,
  );
  return new Map(rows.map((r) => [r.id, r.gap]));
}

/** Takes the baseline `moneyInvariantViolations` compares "sold = issued" with. */
export async function stockBaseline(db: DbOrTx): Promise<StockBaseline> {
  return { soldWithoutTicket: await soldWithoutTicket(db) };
}

/** Every violated invariant, one readable line each; [] when all hold. */
export async function moneyInvariantViolations(db: DbOrTx, baseline: StockBaseline): Promise<string[]> {
  const out: string[] = [];
  const lines = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ line: string }>(db, query)).map((r) => r.line);

  out.push(
    ...(await lines(sql`
      SELECT 'wallet ' || w.id || ': balance ' || w.balance_cents || ', online ' || w.online_cents
             || ', ledger ' || coalesce(l.amount, 0) || ', ledger online ' || coalesce(l.online, 0) AS line
      FROM wallets w
      LEFT JOIN (SELECT wallet_id, sum(amount_cents)::int AS amount, sum(online_delta_cents)::int AS online
                 FROM wallet_transactions GROUP BY wallet_id) l ON l.wallet_id = w.id
      WHERE w.balance_cents < 0 OR w.online_cents < 0
         OR w.balance_cents <> coalesce(l.amount, 0) OR w.online_cents <> coalesce(l.online, 0)`)),
  );
  // each event's ledger totals (ledger_totals, kept by a trigger) add up to its ledger
  out.push(
    ...(await lines(sql`
      SELECT 'ledger totals of event ' || coalesce(l.event_id, k.event_id) || ' ' || coalesce(l.type, k.type)
             || ' till ' || coalesce(l.station_id, k.station_id) || ': ledger ' || coalesce(l.amount, 0) || '/'
             || coalesce(l.online, 0) || '/' || coalesce(l.n, 0) || ', totals ' || coalesce(k.amount, 0) || '/'
             || coalesce(k.online, 0) || '/' || coalesce(k.n, 0) AS line
      FROM (SELECT w.event_id, t.type, coalesce(t.station_id, 0) AS station_id, sum(t.amount_cents) AS amount,
                   sum(ledger_online_topup_cents(t.type, t.online_delta_cents)) AS online, count(*) AS n
            FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id GROUP BY 1, 2, 3) l
      FULL JOIN (SELECT event_id, type, station_id, sum(amount_cents) AS amount, sum(online_topup_cents) AS online,
                        sum(row_count) AS n
                 FROM ledger_totals GROUP BY 1, 2, 3) k
        ON k.event_id = l.event_id AND k.type = l.type AND k.station_id = l.station_id
      WHERE l.amount IS DISTINCT FROM k.amount OR l.online IS DISTINCT FROM k.online OR l.n IS DISTINCT FROM k.n`)),
  );
  out.push(
    ...(await lines(sql`
      SELECT 'ticket type ' || id || ': sold ' || sold || ' + reserved ' || reserved || ' > quantity ' || quantity AS line
      FROM ticket_types WHERE sold < 0 OR reserved < 0 OR sold + reserved > quantity
      UNION ALL
      SELECT 'session ' || id || ': sold ' || sold || ' + reserved ' || reserved || ' > capacity ' || capacity
      FROM event_sessions WHERE sold < 0 OR reserved < 0 OR sold + reserved > coalesce(capacity, sold + reserved)
      UNION ALL
      SELECT 'day ' || event_id || '/' || day || ': sold ' || sold || ' + reserved ' || reserved || ' > capacity ' || capacity
      FROM event_day_stock WHERE sold < 0 OR reserved < 0 OR sold + reserved > capacity
      UNION ALL
      SELECT 'capacity group ' || id || ': sold ' || sold || ' + reserved ' || reserved || ' > capacity ' || capacity
      FROM capacity_groups WHERE sold < 0 OR reserved < 0 OR sold + reserved > capacity`)),
  );
  // a capacity group's places are the ones order lines recorded taking from it (stock_groups):
  // held by pending orders, sold by paid ones
  out.push(
    ...(await lines(sql`
      SELECT 'capacity group ' || g.id || ': reserved ' || g.reserved || ', sold ' || g.sold
             || ' but orders hold ' || coalesce(h.held, 0) || ', paid ' || coalesce(h.paid, 0) AS line
      FROM capacity_groups g
      LEFT JOIN (SELECT x.id::int AS group_id,
                   sum(l.qty) FILTER (WHERE o.status IN ('pending', 'processing'))::int AS held,
                   sum(l.qty) FILTER (WHERE o.status = 'paid')::int AS paid
                 FROM order_lines l JOIN orders o ON o.id = l.order_id
                 CROSS JOIN LATERAL jsonb_array_elements_text(l.stock_groups) AS x(id)
                 WHERE l.kind = 'ticket' GROUP BY 1) h ON h.group_id = g.id
      WHERE g.reserved <> coalesce(h.held, 0) OR g.sold <> coalesce(h.paid, 0)`)),
  );
  // reserved = the places pending orders hold (an order holds its ticket lines until paid,
  // cancelled or expired)
  out.push(
    ...(await lines(sql`
      SELECT 'ticket type ' || t.id || ': reserved ' || t.reserved || ' but pending orders hold ' || coalesce(h.qty, 0) AS line
      FROM ticket_types t
      LEFT JOIN (SELECT l.ticket_type_id, sum(l.qty)::int AS qty FROM order_lines l
                 JOIN orders o ON o.id = l.order_id
                 WHERE l.kind = 'ticket' AND o.status IN ('pending', 'processing')
                 GROUP BY l.ticket_type_id) h ON h.ticket_type_id = t.id
      WHERE t.reserved <> coalesce(h.qty, 0)`)),
  );
  out.push(
    ...(await lines(sql`
      SELECT 'order ' || order_id || ': ' || count(*) || ' approved payments' AS line
      FROM payments WHERE status = 'approved' GROUP BY order_id HAVING count(*) > 1`)),
  );
  // a code's uses are the orders that hold one (pending, paid or refunded; a cancelled or
  // expired order gave its use back)
  out.push(
    ...(await lines(sql`
      SELECT 'promo code ' || p.id || ': used ' || p.used || ' but orders hold ' || coalesce(h.n, 0) AS line
      FROM promo_codes p
      LEFT JOIN (SELECT promo_code_id, count(*)::int AS n FROM orders
                 WHERE promo_code_id IS NOT NULL AND status <> 'cancelled' GROUP BY promo_code_id) h
        ON h.promo_code_id = p.id
      WHERE p.used <> coalesce(h.n, 0) OR (p.max_uses IS NOT NULL AND p.used > p.max_uses)
      UNION ALL
      SELECT 'access code ' || a.id || ': used ' || a.used || ' but orders hold ' || coalesce(h.n, 0)
      FROM access_codes a
      LEFT JOIN (SELECT access_code_id, count(*)::int AS n FROM orders
                 WHERE access_code_id IS NOT NULL AND status <> 'cancelled' GROUP BY access_code_id) h
        ON h.access_code_id = a.id
      WHERE a.used <> coalesce(h.n, 0)`)),
  );
  for (const [id, gap] of await soldWithoutTicket(db)) {
    const before = baseline.soldWithoutTicket.get(id) ?? 0;
    if (gap !== before) out.push(`ticket type ${id}: sold − issued went from ${before} to ${gap}`);
  }
  return out;
}
