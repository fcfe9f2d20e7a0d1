import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { events, organizers } from '../../db/schema/index';

/** Public, listed events for the sitemap (private and draft ones never appear). */
export async function listSitemapEvents(db: DbOrTx) {
  return db
    .select({ slug: events.slug, publishedAt: events.publishedAt, endsAt: events.endsAt })
    .from(events)
    .where(and(eq(events.visibility, 'public'), inArray(events.status, ['published', 'cancelled'])))
    .orderBy(asc(events.startsAt), asc(events.id));
}

/** Organisers with at least one public event. */
export async function listSitemapOrganizers(db: DbOrTx) {
  return db
    .selectDistinct({ slug: organizers.slug })
    .from(organizers)
    .innerJoin(events, eq(events.organizerId, organizers.id))
    .where(and(eq(events.visibility, 'public'), inArray(events.status, ['published', 'cancelled'])))
    .orderBy(asc(organizers.slug));
}
