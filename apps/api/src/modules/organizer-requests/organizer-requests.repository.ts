import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizerRequests } from '../../db/schema/index';

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
