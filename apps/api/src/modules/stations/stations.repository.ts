import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stationSubmissions, stations } from '../../db/schema/index';

export type StationRow = typeof stations.$inferSelect;
export type SubmissionRow = typeof stationSubmissions.$inferSelect;

export async function findActiveStationByKeyHash(db: DbOrTx, keyHash: string) {
  const rows = await db
    .select()
    .from(stations)
    .where(and(eq(stations.keyHash, keyHash), eq(stations.status, 'active')))
    .limit(1);
  return rows[0];
}

export async function insertStation(db: DbOrTx, v: { eventId: number; name: string; keyHash: string }) {
  const rows = await db.insert(stations).values(v).returning();
  return rows[0]!;
}

/**
 * Claims a client transaction id for the station. Answers false when it was claimed
 * before: a concurrent upload of the same id waits here until the first one commits.
 */
export async function claimSubmission(db: DbOrTx, stationId: number, clientId: string): Promise<boolean> {
  const rows = await db
    .insert(stationSubmissions)
    .values({ stationId, clientId, status: 'pending' })
    .onConflictDoNothing({ target: [stationSubmissions.stationId, stationSubmissions.clientId] })
    .returning({ id: stationSubmissions.id });
  return rows.length > 0;
}

export async function findSubmission(db: DbOrTx, stationId: number, clientId: string) {
  const rows = await db
    .select()
    .from(stationSubmissions)
    .where(and(eq(stationSubmissions.stationId, stationId), eq(stationSubmissions.clientId, clientId)))
    .limit(1);
  return rows[0];
}

export async function completeSubmission(
  db: DbOrTx,
  stationId: number,
  clientId: string,
  v: {
    status: string;
    reason: string | null;
    walletTransactionId: number | null;
    answer: Record<string, unknown>;
  },
) {
  await db
    .update(stationSubmissions)
    .set(v)
    .where(and(eq(stationSubmissions.stationId, stationId), eq(stationSubmissions.clientId, clientId)));
}
