/**
 * Orders of an event (or of one session) when the event is cancelled or postponed: locked in
 * id order, their status changed, their sold places given back. Called only through
 * `order-lifecycle.service.ts`.
 */
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { orderLines, orders } from '../../db/schema/index';
import { counters, type StockClaim } from './stock.repository';
import type { OrderRow } from './orders.repository';

/**
 * Locks the orders of an event in the given statuses, in id order (the lock order of orders):
 * all of them, or those with a line of `sessionId`. Rows another transaction changes meanwhile
 * are read again once it commits (a payment confirmed during a cancellation is seen as paid).
 */
export async function lockOrdersOfEvent(
  tx: DbOrTx,
  eventId: number,
  sessionId: number | null,
  statuses: readonly string[],
): Promise<OrderRow[]> {
  const ofSession =
    sessionId === null
      ? undefined
      : exists(
          tx
            .select({ one: sql`1` })
            .from(orderLines)
            .where(and(eq(orderLines.orderId, orders.id), eq(orderLines.sessionId, sessionId))),
        );
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.eventId, eventId), inArray(orders.status, [...statuses]), ofSession))
    .orderBy(asc(orders.id))
    .for('update');
}

/** Sets the status of orders (already locked by the caller). */
export async function setOrdersStatus(tx: DbOrTx, ids: readonly number[], status: string): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(orders)
    .set({ status })
    .where(inArray(orders.id, [...ids]));
}

/**
 * Gives sold places back (a paid order refunded): the reverse of commitStock, in the same
 * lock order (types, sessions, days, capacity groups).
 */
export async function returnSoldStock(tx: DbOrTx, eventId: number, claims: StockClaim[]): Promise<void> {
  const c = counters(eventId, claims);
  for (const [id, n] of c.types)
    await tx.execute(sql`UPDATE ticket_types SET sold = sold - ${n} WHERE id = ${id}`);
  for (const [id, n] of c.sessions)
    await tx.execute(sql`UPDATE event_sessions SET sold = sold - ${n} WHERE id = ${id}`);
  for (const [day, n] of c.days)
    await tx.execute(
      sql`UPDATE event_day_stock SET sold = sold - ${n} WHERE event_id = ${eventId} AND day = ${day}`,
    );
  for (const [id, n] of c.groups)
    await tx.execute(sql`UPDATE capacity_groups SET sold = sold - ${n} WHERE id = ${id}`);
}

/**
 * Closes the sale of a cancelled event or session: a ticket type's quantity (event) or a
 * session's capacity becomes what is sold and held now, so no reservation fits any more, and a
 * payment approved late for an order cancelled here finds no place (and is refunded by the
 * fulfilment's late-approval path). Answers the quantities or capacities before, for the record.
 */
export async function closeStock(
  tx: DbOrTx,
  eventId: number,
  sessionId: number | null,
): Promise<Record<string, number | null>> {
  const list =
    sessionId === null
      ? await queryRows<{ id: number; before: number | null }>(
          tx,
          sql`UPDATE ticket_types t SET quantity = t.sold + t.reserved FROM ticket_types old
              WHERE t.event_id = ${eventId} AND old.id = t.id RETURNING t.id, old.quantity AS before`,
        )
      : await queryRows<{ id: number; before: number | null }>(
          tx,
          sql`UPDATE event_sessions s SET capacity = s.sold + s.reserved FROM event_sessions old
              WHERE s.id = ${sessionId} AND s.event_id = ${eventId} AND old.id = s.id
              RETURNING s.id, old.capacity AS before`,
        );
  return Object.fromEntries(list.map((r) => [String(r.id), r.before]));
}

/** Adds a back-office refund of some of a line (its order locked by the caller). */
export async function addLineRefund(
  tx: DbOrTx,
  lineId: number,
  part: { qty: number; cents: number },
): Promise<void> {
  await tx
    .update(orderLines)
    .set({
      refundedQty: sql`${orderLines.refundedQty} + ${part.qty}`,
      refundedCents: sql`${orderLines.refundedCents} + ${part.cents}`,
    })
    .where(eq(orderLines.id, lineId));
}
