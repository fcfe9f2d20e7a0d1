import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { events, organizers } from '../../db/schema/index';

/**
 * The frame origins allowed for the mini-site of the event at `slug` (its slug or private link
 * token): the organiser's and the event's own ([] for an unknown event).
 */
export async function findFrameOriginsOfEvent(db: DbOrTx, slug: string): Promise<string[]> {
  const rows = await db
    .select({ organizer: organizers.frameOrigins, event: events.embedOrigins })
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .where(or(eq(events.slug, slug), eq(events.linkToken, slug)))
    .limit(1);
  const row = rows[0];
  return row ? [...new Set([...row.organizer, ...row.event])] : [];
}

/** Replaces an organiser's frame origins (already validated); false for an unknown organiser. */
export async function setOrganizerFrameOrigins(db: DbOrTx, organizerSlug: string, origins: string[]) {
  const rows = await db
    .update(organizers)
    .set({ frameOrigins: origins })
    .where(eq(organizers.slug, organizerSlug))
    .returning({ id: organizers.id });
  return rows.length > 0;
}
