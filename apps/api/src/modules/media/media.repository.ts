import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { eventImages, events, type StoredVariant } from '../../db/schema/index';

export type EventImageRow = typeof eventImages.$inferSelect;

/**
 * Whether the event exists and is this organiser's (the tenancy check of the image routes;
 * read-only, the events module owns the row).
 */
export async function organizerHasEvent(db: DbOrTx, organizerId: number, eventId: number): Promise<boolean> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organizerId, organizerId)))
    .limit(1);
  return rows.length > 0;
}

/** The event's image, locked for the caller's transaction when `lock`. */
export async function findEventImage(db: DbOrTx, eventId: number, lock = false) {
  const q = db.select().from(eventImages).where(eq(eventImages.eventId, eventId));
  const rows = await (lock ? q.for('update') : q);
  return rows[0];
}

export async function findEventImages(db: DbOrTx, eventIds: number[]): Promise<EventImageRow[]> {
  if (!eventIds.length) return [];
  return db.select().from(eventImages).where(inArray(eventImages.eventId, eventIds));
}

/** Inserts or replaces the event's image (one per event). */
export async function upsertEventImage(
  db: DbOrTx,
  values: {
    eventId: number;
    organizerId: number;
    sourceHash: string;
    width: number;
    height: number;
    variants: StoredVariant[];
    dominantColor: string;
    placeholder: string;
    uploadedBy: string;
    createdAt: Date;
  },
): Promise<EventImageRow> {
  const { eventId: _eventId, ...changes } = values;
  const [row] = await db
    .insert(eventImages)
    .values(values)
    .onConflictDoUpdate({ target: eventImages.eventId, set: changes })
    .returning();
  return row!;
}

export async function deleteEventImage(db: DbOrTx, eventId: number): Promise<EventImageRow | undefined> {
  const [row] = await db.delete(eventImages).where(eq(eventImages.eventId, eventId)).returning();
  return row;
}
