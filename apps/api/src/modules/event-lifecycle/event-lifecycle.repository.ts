/** Postponements and cancellations (event_changes), sessions moved, holders to tell. */
import { and, asc, desc, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, eventChanges, eventSessions, events, orderLines, orders } from '../../db/schema/index';

export type AdminEventRow = typeof events.$inferSelect;
export type EventChangeRow = typeof eventChanges.$inferSelect;
export type NewEventChange = typeof eventChanges.$inferInsert;
export type SessionRow = typeof eventSessions.$inferSelect;

/**
 * The organiser's event, locked when `lock` (another organiser's is undefined). FOR NO KEY
 * UPDATE: postpones and cancels of one event queue on it, while rows that only reference the
 * event (a ticket issued by a payment confirmed meanwhile, an order) are not blocked, so a
 * confirmation holding its order never waits for this lock (no deadlock with the order scan).
 */
export async function findOrganizerEvent(
  db: DbOrTx,
  organizerId: number,
  eventId: number,
  lock = false,
): Promise<AdminEventRow | undefined> {
  const q = db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organizerId, organizerId)))
    .limit(1);
  const rows = lock ? await q.for('no key update') : await q;
  return rows[0];
}

export async function updateEventRow(
  db: DbOrTx,
  eventId: number,
  values: Partial<typeof events.$inferInsert>,
  now: Date,
): Promise<void> {
  await db
    .update(events)
    .set({ ...values, updatedAt: now })
    .where(eq(events.id, eventId));
}

/**
 * A session of the event. Not locked: postpones and cancels queue on the event row, and a
 * payment confirmed meanwhile updates the session's counters while it holds its order, so a
 * lock here, taken before the orders, could deadlock with it.
 */
export async function findEventSession(
  db: DbOrTx,
  eventId: number,
  sessionId: number,
): Promise<SessionRow | undefined> {
  const rows = await db
    .select()
    .from(eventSessions)
    .where(and(eq(eventSessions.id, sessionId), eq(eventSessions.eventId, eventId)))
    .limit(1);
  return rows[0];
}

export async function updateSession(
  db: DbOrTx,
  sessionId: number,
  values: Partial<typeof eventSessions.$inferInsert>,
): Promise<SessionRow> {
  const [row] = await db.update(eventSessions).set(values).where(eq(eventSessions.id, sessionId)).returning();
  return row!;
}

/** The cancellation of the event (sessionId null) or of one session, if there is one. */
export async function findCancellation(
  db: DbOrTx,
  eventId: number,
  sessionId: number | null,
): Promise<EventChangeRow | undefined> {
  const rows = await db
    .select()
    .from(eventChanges)
    .where(
      and(
        eq(eventChanges.eventId, eventId),
        eq(eventChanges.kind, 'cancel'),
        sessionId === null ? isNull(eventChanges.sessionId) : eq(eventChanges.sessionId, sessionId),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * Records a change. A second cancellation of the same event or session conflicts on
 * event_changes_one_cancel_idx and answers undefined (nothing written).
 */
export async function insertEventChange(
  db: DbOrTx,
  values: NewEventChange,
): Promise<EventChangeRow | undefined> {
  const rows = await db.insert(eventChanges).values(values).onConflictDoNothing().returning();
  return rows[0];
}

/** Adds what a cancellation closed (quantities or capacity before) to its record. */
export async function recordClosedStock(
  db: DbOrTx,
  changeId: number,
  name: string,
  closed: Record<string, number | null>,
): Promise<EventChangeRow> {
  const [row] = await db
    .update(eventChanges)
    .set({ previous: sql`${eventChanges.previous} || ${JSON.stringify({ [name]: closed })}::jsonb` })
    .where(eq(eventChanges.id, changeId))
    .returning();
  return row!;
}

export async function listEventChanges(db: DbOrTx, eventId: number): Promise<EventChangeRow[]> {
  return db
    .select()
    .from(eventChanges)
    .where(eq(eventChanges.eventId, eventId))
    .orderBy(desc(eventChanges.createdAt), desc(eventChanges.id))
    .limit(200);
}

/**
 * The latest postponement that lets this order be refunded: of the event, or of a session the
 * order has tickets of (`sessionIds`), with its refund window still open at `now`.
 */
export async function openPostponement(
  db: DbOrTx,
  eventId: number,
  sessionIds: readonly number[],
  now: Date,
): Promise<EventChangeRow | undefined> {
  const rows = await db
    .select()
    .from(eventChanges)
    .where(
      and(
        eq(eventChanges.eventId, eventId),
        eq(eventChanges.kind, 'postpone'),
        sql`${eventChanges.refundUntil} > ${now.toISOString()}`,
        sessionIds.length
          ? sql`(${eventChanges.sessionId} IS NULL OR ${inArray(eventChanges.sessionId, [...sessionIds])})`
          : isNull(eventChanges.sessionId),
      ),
    )
    .orderBy(desc(eventChanges.refundUntil))
    .limit(1);
  return rows[0];
}

/** Has the event (or one of these sessions) been postponed at all (window open or not)? */
export async function wasPostponed(
  db: DbOrTx,
  eventId: number,
  sessionIds: readonly number[],
): Promise<boolean> {
  const rows = await db
    .select({ id: eventChanges.id })
    .from(eventChanges)
    .where(
      and(
        eq(eventChanges.eventId, eventId),
        eq(eventChanges.kind, 'postpone'),
        sessionIds.length
          ? sql`(${eventChanges.sessionId} IS NULL OR ${inArray(eventChanges.sessionId, [...sessionIds])})`
          : isNull(eventChanges.sessionId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Who to tell: contact details and language of these customers (erased ones left out). */
export async function contactsOf(db: DbOrTx, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      email: customers.email,
      mobile: customers.mobile,
      locale: customers.locale,
    })
    .from(customers)
    .where(and(inArray(customers.id, [...ids]), sql`${customers.status} <> 'erased'`))
    .orderBy(asc(customers.id));
}

/** Customers with a paid order of the event (or with a line of one session of it). */
export async function buyersOfPaidOrders(
  db: DbOrTx,
  eventId: number,
  sessionId: number | null,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ customerId: orders.customerId })
    .from(orders)
    .where(
      and(
        eq(orders.eventId, eventId),
        eq(orders.status, 'paid'),
        sessionId === null
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(orderLines)
                .where(and(eq(orderLines.orderId, orders.id), eq(orderLines.sessionId, sessionId))),
            ),
      ),
    );
  return rows.map((r) => r.customerId);
}

/** Every session of an event, locked (a whole session event postponed moves them all). */
export async function sessionsOfEventForUpdate(db: DbOrTx, eventId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(eventSessions)
    .where(eq(eventSessions.eventId, eventId))
    .orderBy(asc(eventSessions.id))
    .for('update');
}
