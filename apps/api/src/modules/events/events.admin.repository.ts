/**
 * Queries of the back office's events. Every read and write names the organiser as well as
 * the id, so another organiser's event is never reached (it reads as absent: 404).
 */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { eventDayStock, eventSessions, events, ticketTypes } from '../../db/schema/index';

export type AdminEventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SORT_COLUMNS = {
  starts_at: events.startsAt,
  name: events.name,
  created_at: events.createdAt,
  updated_at: events.updatedAt,
  status: events.status,
} as const;

/** A page of the organiser's events with their sales totals. */
export async function listOrganizerEvents(
  db: DbOrTx,
  organizerId: number,
  q: {
    search: string;
    status: string;
    sort: keyof typeof SORT_COLUMNS;
    dir: 'asc' | 'desc';
    page: number;
    perPage: number;
  },
) {
  const where: SQL[] = [eq(events.organizerId, organizerId)];
  if (q.status !== 'all') where.push(eq(events.status, q.status));
  if (q.search) {
    const like = likeText(q.search);
    where.push(or(ilike(events.name, like), ilike(events.city, like), ilike(events.slug, like))!);
  }
  const cond = and(...where);
  const order = q.dir === 'desc' ? desc : asc;
  const totals = db
    .select({
      eventId: ticketTypes.eventId,
      sold: sql<number>`sum(${ticketTypes.sold})::int`.as('sold'),
      quantity: sql<number>`sum(${ticketTypes.quantity})::int`.as('quantity'),
    })
    .from(ticketTypes)
    .groupBy(ticketTypes.eventId)
    .as('totals');
  const [rows, count] = await Promise.all([
    db
      .select({ event: events, sold: totals.sold, quantity: totals.quantity })
      .from(events)
      .leftJoin(totals, eq(totals.eventId, events.id))
      .where(cond)
      .orderBy(order(SORT_COLUMNS[q.sort]), order(events.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(cond),
  ]);
  return {
    rows: rows.map((r) => ({ event: r.event, sold: r.sold ?? 0, quantity: r.quantity ?? 0 })),
    total: count[0]?.n ?? 0,
  };
}

/** The organiser's event (locked FOR UPDATE in a transaction when `lock`), or undefined. */
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
  const rows = lock ? await q.for('update') : await q;
  return rows[0];
}

export async function slugExists(db: DbOrTx, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(or(eq(events.slug, slug), eq(events.linkToken, slug)))
    .limit(1);
  return rows.length > 0;
}

/** Slugs starting with `base` (to find a free one for a copy or a new name). */
export async function slugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: events.slug })
    .from(events)
    .where(ilike(events.slug, `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return rows.map((r) => r.slug);
}

export async function insertEvent(db: DbOrTx, values: NewEventRow): Promise<AdminEventRow> {
  const [row] = await db.insert(events).values(values).returning();
  return row!;
}

export async function updateEventRow(
  db: DbOrTx,
  eventId: number,
  values: Partial<NewEventRow>,
  now: Date,
): Promise<AdminEventRow> {
  const [row] = await db
    .update(events)
    .set({ ...values, updatedAt: now })
    .where(eq(events.id, eventId))
    .returning();
  return row!;
}

/**
 * draft → published in one conditional statement: of any number of concurrent publishes
 * exactly one changes the row (the others find it no longer a draft and get undefined).
 */
export async function publishDraft(
  db: DbOrTx,
  organizerId: number,
  eventId: number,
  set: { visibility: 'public' | 'private'; linkToken: string | null; now: Date },
): Promise<AdminEventRow | undefined> {
  const [row] = await db
    .update(events)
    .set({
      status: 'published',
      visibility: set.visibility,
      linkToken: sql`coalesce(${events.linkToken}, ${set.linkToken})`,
      publishedAt: set.now,
      updatedAt: set.now,
    })
    .where(and(eq(events.id, eventId), eq(events.organizerId, organizerId), eq(events.status, 'draft')))
    .returning();
  return row;
}

/** published → draft, conditionally (once). */
export async function unpublishEvent(
  db: DbOrTx,
  organizerId: number,
  eventId: number,
  now: Date,
): Promise<AdminEventRow | undefined> {
  const [row] = await db
    .update(events)
    .set({ status: 'draft', updatedAt: now })
    .where(and(eq(events.id, eventId), eq(events.organizerId, organizerId), eq(events.status, 'published')))
    .returning();
  return row;
}

/** Ticket types, sessions and day capacities of events (for views and copies). */
export async function findEventParts(db: DbOrTx, eventIds: number[]) {
  if (!eventIds.length) return { types: [], sessions: [], days: [] };
  // one after another: in a transaction the queries share one connection
  const types = await db
    .select()
    .from(ticketTypes)
    .where(inArray(ticketTypes.eventId, eventIds))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id));
  const sessions = await db
    .select()
    .from(eventSessions)
    .where(inArray(eventSessions.eventId, eventIds))
    .orderBy(asc(eventSessions.startsAt), asc(eventSessions.id));
  const days = await db
    .select()
    .from(eventDayStock)
    .where(inArray(eventDayStock.eventId, eventIds))
    .orderBy(asc(eventDayStock.day));
  return { types, sessions, days };
}

/** Copies the ticket types, sessions and day capacities of one event to another, with nothing sold. */
export async function copyEventParts(tx: Tx, fromId: number, toId: number): Promise<void> {
  const { types, sessions, days } = await findEventParts(tx, [fromId]);
  for (const { id: _id, eventId: _e, reserved: _r, sold: _s, ...t } of types)
    await tx.insert(ticketTypes).values({ ...t, eventId: toId });
  for (const { id: _id, eventId: _e, reserved: _r, sold: _s, ...s } of sessions)
    await tx.insert(eventSessions).values({ ...s, eventId: toId });
  if (days.length)
    await tx
      .insert(eventDayStock)
      .values(days.map((d) => ({ eventId: toId, day: d.day, capacity: d.capacity })));
}
