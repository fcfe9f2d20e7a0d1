import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, customerTickets, eventBroadcasts, organizers, outbox } from '../../db/schema/index';

/**
 * The holders of an event's active tickets (of one ticket type, of one session) who can be
 * written to: an account with an email, not erased; one row per customer.
 */
export async function holdersToWrite(
  db: DbOrTx,
  eventId: number,
  only: { ticketTypeId: number | null; sessionId: number | null },
) {
  return db
    .selectDistinct({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      locale: customers.locale,
      status: customers.status,
      marketingConsent: customers.marketingConsent,
    })
    .from(customerTickets)
    .innerJoin(customers, eq(customers.id, customerTickets.customerId))
    .where(
      and(
        eq(customerTickets.eventId, eventId),
        eq(customerTickets.state, 'active'),
        only.ticketTypeId === null ? undefined : eq(customerTickets.ticketTypeId, only.ticketTypeId),
        only.sessionId === null ? undefined : eq(customerTickets.sessionId, only.sessionId),
        isNotNull(customers.email),
        isNull(customers.erasedAt),
      ),
    );
}

export async function insertBroadcast(db: DbOrTx, v: typeof eventBroadcasts.$inferInsert) {
  const rows = await db.insert(eventBroadcasts).values(v).returning();
  return rows[0]!;
}

/** The event's messages, newest first, with their emails counted per status (outbox_broadcast_idx). */
export async function broadcastsOfEvent(db: DbOrTx, eventId: number) {
  const rows = await db
    .select()
    .from(eventBroadcasts)
    .where(eq(eventBroadcasts.eventId, eventId))
    .orderBy(desc(eventBroadcasts.createdAt))
    .limit(100);
  if (!rows.length) return [];
  const counts = await db
    .select({ id: outbox.broadcastId, status: outbox.status, n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(
      inArray(
        outbox.broadcastId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(outbox.broadcastId, outbox.status);
  return rows.map((r) => ({
    broadcast: r,
    count: (status: string) => counts.find((c) => c.id === r.id && c.status === status)?.n ?? 0,
  }));
}

export async function organizerName(db: DbOrTx, organizerId: number): Promise<string> {
  const rows = await db
    .select({ name: organizers.name })
    .from(organizers)
    .where(eq(organizers.id, organizerId))
    .limit(1);
  return rows[0]?.name ?? '';
}
