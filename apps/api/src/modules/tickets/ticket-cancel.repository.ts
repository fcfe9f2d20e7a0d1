/** Tickets of refunded orders, and who holds an event's tickets (cancel and postpone). */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerTickets } from '../../db/schema/index';

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
