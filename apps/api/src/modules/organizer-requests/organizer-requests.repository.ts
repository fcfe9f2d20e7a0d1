import { and, count, desc, eq, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizerRequests, organizers } from '../../db/schema/index';

export type OrganizerRequestRow = typeof organizerRequests.$inferSelect;
export type NewOrganizerRequest = typeof organizerRequests.$inferInsert;

export async function findOrganizerRequestByEmail(
  db: DbOrTx,
  email: string,
): Promise<OrganizerRequestRow | undefined> {
  const rows = await db.select().from(organizerRequests).where(eq(organizerRequests.email, email)).limit(1);
  return rows[0];
}

/** Inserts the request unless one with the same email exists (race-safe): the row or undefined. */
export async function insertOrganizerRequest(
  db: DbOrTx,
  values: NewOrganizerRequest,
): Promise<OrganizerRequestRow | undefined> {
  const rows = await db.insert(organizerRequests).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export type RequestStatus = 'pending' | 'approved' | 'rejected';

/** Requests by status, newest first, a page at a time. */
export async function countOrganizerRequests(db: DbOrTx, status: RequestStatus): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organizerRequests)
    .where(eq(organizerRequests.status, status));
  return row?.n ?? 0;
}

export async function listOrganizerRequests(
  db: DbOrTx,
  status: RequestStatus,
  limit: number,
  offset: number,
) {
  return db
    .select()
    .from(organizerRequests)
    .where(eq(organizerRequests.status, status))
    .orderBy(desc(organizerRequests.id))
    .limit(limit)
    .offset(offset);
}

/** A pending request, locked until the decision commits. */
export async function lockPendingRequest(db: DbOrTx, id: number): Promise<OrganizerRequestRow | undefined> {
  const rows = await db
    .select()
    .from(organizerRequests)
    .where(and(eq(organizerRequests.id, id), eq(organizerRequests.status, 'pending')))
    .for('update');
  return rows[0];
}

export async function existsRequest(db: DbOrTx, id: number): Promise<boolean> {
  return (
    (
      await db
        .select({ id: organizerRequests.id })
        .from(organizerRequests)
        .where(eq(organizerRequests.id, id))
    ).length > 0
  );
}

export async function decideRequest(
  db: DbOrTx,
  id: number,
  values: Pick<OrganizerRequestRow, 'status' | 'decidedBy' | 'decidedAt' | 'decisionReason' | 'organizerId'>,
): Promise<void> {
  await db.update(organizerRequests).set(values).where(eq(organizerRequests.id, id));
}

/** Slugs of organisers starting with `base` (to make a new one unique). */
export async function organizerSlugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: organizers.slug })
    .from(organizers)
    .where(like(organizers.slug, `${base}%`));
  return rows.map((r) => r.slug);
}

export async function insertOrganizer(db: DbOrTx, values: typeof organizers.$inferInsert): Promise<number> {
  return (await db.insert(organizers).values(values).returning({ id: organizers.id }))[0]!.id;
}
