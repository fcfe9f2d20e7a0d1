/** Tickets of refunded orders, and who holds an event's tickets (cancel and postpone). */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkins, customerTickets } from '../../db/schema/index';

/**
 * Cancels the active tickets of these orders, wherever they went (a transferred ticket too):
 * a canceled ticket's token is on the event's revocation list, so doors refuse it offline.
 * Answers how many changed.
 */
export async function cancelTicketsOfOrders(db: DbOrTx, orderIds: readonly number[]): Promise<number> {
  if (!orderIds.length) return 0;
  const rows = await db
    .update(customerTickets)
    .set({ state: 'canceled' })
    .where(and(inArray(customerTickets.orderId, [...orderIds]), eq(customerTickets.state, 'active')))
    .returning({ id: customerTickets.id });
  return rows.length;
}

/** Customers holding an active ticket of the event (or of one session of it). */
export async function holdersOfEvent(
  db: DbOrTx,
  eventId: number,
  sessionId: number | null,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ customerId: customerTickets.customerId })
    .from(customerTickets)
    .where(
      and(
        eq(customerTickets.eventId, eventId),
        eq(customerTickets.state, 'active'),
        isNotNull(customerTickets.customerId),
        sessionId === null ? undefined : eq(customerTickets.sessionId, sessionId),
      ),
    )
    .orderBy(sql`1`);
  return rows.map((r) => r.customerId!);
}

/**
 * Cancels `qty` active tickets of one line of an order (same type and session), those nobody
 * entered with first, then the oldest: a refund of some tickets of a line. Locked, so two
 * refunds never pick the same ticket. Answers the ids cancelled (fewer than `qty` only when the
 * line has fewer active tickets left).
 */
export async function cancelTicketsOfLine(
  db: DbOrTx,
  line: { orderId: number; ticketTypeId: number; sessionId: number | null; qty: number },
): Promise<number[]> {
  if (line.qty <= 0) return [];
  const used = sql<boolean>`EXISTS (SELECT 1 FROM ${checkins} c WHERE c.ticket_id = ${customerTickets.id})`;
  const picked = await db
    .select({ id: customerTickets.id })
    .from(customerTickets)
    .where(
      and(
        eq(customerTickets.orderId, line.orderId),
        eq(customerTickets.ticketTypeId, line.ticketTypeId),
        line.sessionId === null
          ? isNull(customerTickets.sessionId)
          : eq(customerTickets.sessionId, line.sessionId),
        eq(customerTickets.state, 'active'),
      ),
    )
    .orderBy(used, asc(customerTickets.id))
    .limit(line.qty)
    .for('update');
  if (!picked.length) return [];
  await db
    .update(customerTickets)
    .set({ state: 'canceled' })
    .where(
      inArray(
        customerTickets.id,
        picked.map((p) => p.id),
      ),
    );
  return picked.map((p) => p.id);
}
