import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { events, organizers } from '../../db/schema/index';

/** The frame origins the organiser of the event `slug` allows ([] for an unknown event). */
export async function findFrameOriginsOfEvent(db: DbOrTx, slug: string): Promise<string[]> {
  const rows = await db
    .select({ origins: organizers.frameOrigins })
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .where(eq(events.slug, slug))
    .limit(1);
  return rows[0]?.origins ?? [];
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
