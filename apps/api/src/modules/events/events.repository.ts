import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PriceStepRule } from '@bilheteira/shared/price-steps';
import type { DbOrTx } from '../../db/client';
import { eventSessions, events, organizers, ticketTypes } from '../../db/schema/index';

export type EventRow = typeof events.$inferSelect;
export type OrganizerRow = typeof organizers.$inferSelect;
/**
 * A ticket type with its announced price steps (price-steps.ts), in the order they apply, and
 * the places left in the stock it shares (`sharedLeft`: the fullest of its days with a capacity
 * and of its capacity groups; null when it shares none).
 */
export type TicketTypeRow = typeof ticketTypes.$inferSelect & {
  priceSteps?: PriceStepRule[];
  sharedLeft?: number | null;
};
export type SessionRow = typeof eventSessions.$inferSelect;

/** Past events sink to the end of every order: people come for what is still ahead. */
const pastLast = (now: Date) => asc(sql`(${events.endsAt} <= ${now.toISOString()}::timestamptz)`);
const SORTS = {
  date: (now: Date) => [pastLast(now), asc(events.startsAt), asc(events.id)],
  name: (now: Date) => [pastLast(now), asc(events.name), asc(events.id)],
  location: (now: Date) => [pastLast(now), asc(events.city), asc(events.address), asc(events.id)],
} as const;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Search folds accents on both sides ("festivál" finds "Festival", "evora" finds "Évora").
// translate() rather than the unaccent extension: PGlite has no unaccent, and lower() under
// the C collation leaves accented capitals alone, so both cases are listed.
const ACCENTED = 'áàâãäåÁÀÂÃÄÅéèêëÉÈÊËíìîïÍÌÎÏóòôõöÓÒÔÕÖúùûüÚÙÛÜçÇñÑýÿÝ';
const UNACCENTED = 'aaaaaaAAAAAAeeeeEEEEiiiiIIIIoooooOOOOOuuuuUUUUcCnNyyY';
const folded = (value: SQL | AnyPgColumn) => sql`translate(${value}, ${ACCENTED}, ${UNACCENTED})`;
const foldedMatch = (column: AnyPgColumn, search: string) =>
  sql`${folded(column)} ILIKE ${folded(sql`${likeText(search)}`)}`;

/** Public, published-or-cancelled events, never private ones. */
export async function listPublicEvents(
  db: DbOrTx,
  q: {
    search: string;
    sort: keyof typeof SORTS;
    page: number;
    perPage: number;
    organizerId?: number;
    /** only events that end after this instant */
    endsAfter?: Date;
    publishedAfter?: Date;
  },
  now: Date,
) {
  const where: SQL[] = [eq(events.visibility, 'public'), inArray(events.status, ['published', 'cancelled'])];
  if (q.search) {
    where.push(or(foldedMatch(events.name, q.search), foldedMatch(events.city, q.search))!);
  }
  if (q.organizerId) where.push(eq(events.organizerId, q.organizerId));
  if (q.endsAfter) where.push(gt(events.endsAt, q.endsAfter));
  if (q.publishedAfter) where.push(gt(events.publishedAt, q.publishedAfter));
  const cond = and(...where);
  const [rows, count] = await Promise.all([
    db
      .select({ event: events, organizer: organizers })
      .from(events)
      .innerJoin(organizers, eq(organizers.id, events.organizerId))
      .where(cond)
      .orderBy(...SORTS[q.sort](now))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(cond),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/**
 * A published (or cancelled) event by its public path: the slug of a public event, or the link
 * token of a private one. A private event's slug finds nothing (its link is the secret), except
 * for a private event from before link tokens, whose link is its slug.
 */
export async function findEventBySlug(db: DbOrTx, path: string) {
  const rows = await db
    .select({ event: events, organizer: organizers })
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .where(
      and(
        inArray(events.status, ['published', 'cancelled']),
        or(
          eq(events.linkToken, path),
          and(eq(events.slug, path), or(eq(events.visibility, 'public'), isNull(events.linkToken))),
        ),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function findOrganizerById(db: DbOrTx, id: number): Promise<OrganizerRow | undefined> {
  const rows = await db.select().from(organizers).where(eq(organizers.id, id)).limit(1);
  return rows[0];
}

export async function findEventById(db: DbOrTx, id: number) {
  const rows = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return rows[0];
}

export async function findTicketTypes(db: DbOrTx, eventIds: number[]): Promise<TicketTypeRow[]> {
  if (!eventIds.length) return [];
  const rows = await db
    .select({
      type: ticketTypes,
      // the price steps in the same statement (none for most types: one index probe each)
      steps: sql<StepJson[]>`(SELECT coalesce(json_agg(json_build_object('label', p.label,
        'price_cents', p.price_cents, 'ends_at', p.ends_at, 'ends_after_sold', p.ends_after_sold)
        ORDER BY p.sort_order, p.id), '[]') FROM ticket_price_steps p WHERE p.ticket_type_id = ticket_types.id)`,
      // the stock it shares with other types: covered days with a capacity, capacity groups
      sharedLeft: sql<number | null>`(SELECT min(x.n)::int FROM (
        SELECT d.capacity - d.reserved - d.sold AS n FROM event_day_stock d
        WHERE d.event_id = ticket_types.event_id
          AND d.day IN (SELECT jsonb_array_elements_text(ticket_types.period_days))
        UNION ALL
        SELECT g.capacity - g.reserved - g.sold FROM capacity_group_members m
        JOIN capacity_groups g ON g.id = m.group_id WHERE m.ticket_type_id = ticket_types.id) x)`,
    })
    .from(ticketTypes)
    .where(inArray(ticketTypes.eventId, eventIds))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id));
  return rows.map((r) => ({
    ...r.type,
    sharedLeft: r.sharedLeft === null ? null : Number(r.sharedLeft),
    priceSteps: r.steps.map((p) => ({
      label: p.label,
      priceCents: p.price_cents,
      endsAt: p.ends_at ? new Date(p.ends_at) : null,
      endsAfterSold: p.ends_after_sold,
    })),
  }));
}

type StepJson = {
  label: string;
  price_cents: number;
  ends_at: string | null;
  ends_after_sold: number | null;
};

export async function findSessions(db: DbOrTx, eventId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(eventSessions)
    .where(eq(eventSessions.eventId, eventId))
    .orderBy(asc(eventSessions.startsAt));
}

export async function findOrganizerBySlug(db: DbOrTx, slug: string): Promise<OrganizerRow | undefined> {
  const rows = await db.select().from(organizers).where(eq(organizers.slug, slug)).limit(1);
  return rows[0];
}
