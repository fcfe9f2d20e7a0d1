import { and, asc, eq } from 'drizzle-orm';
import type { StationEventClock, StationRole } from '@bilheteira/shared/stations';
import type { DbOrTx } from '../../db/client';
import { bracelets, events, stationSubmissions, stations } from '../../db/schema/index';

/** A station with what the time rule needs of its event. */
export type StationRow = typeof stations.$inferSelect & { event: StationEventClock };
export type SubmissionRow = typeof stationSubmissions.$inferSelect;

export async function findActiveStationByKeyHash(
  db: DbOrTx,
  keyHash: string,
): Promise<StationRow | undefined> {
  const rows = await db
    .select({
      station: stations,
      event: {
        startsAt: events.startsAt,
        walletOpensAt: events.walletOpensAt,
        walletOfflineWindowMinutes: events.walletOfflineWindowMinutes,
      },
    })
    .from(stations)
    .innerJoin(events, eq(events.id, stations.eventId))
    .where(and(eq(stations.keyHash, keyHash), eq(stations.status, 'active')))
    .limit(1);
  const row = rows[0];
  return row && { ...row.station, event: row.event };
}

/** The event's blocked bracelets, oldest block first (the signed blocklist of the tills). */
export async function blockedBraceletsOfEvent(db: DbOrTx, eventId: number) {
  return db
    .select({ uid: bracelets.uid, code: bracelets.code, blockedAt: bracelets.blockedAt })
    .from(bracelets)
    .where(and(eq(bracelets.eventId, eventId), eq(bracelets.status, 'blocked')))
    .orderBy(asc(bracelets.id));
}

/** The stations of an event (slug), for operators. */
export async function stationsOfEventSlug(db: DbOrTx, slug: string) {
  return db
    .select({ id: stations.id, name: stations.name, role: stations.role, status: stations.status })
    .from(stations)
    .innerJoin(events, eq(events.id, stations.eventId))
    .where(eq(events.slug, slug))
    .orderBy(asc(stations.id));
}

/** Sets a station's role; false when there is no such station. */
export async function updateStationRole(db: DbOrTx, stationId: number, role: StationRole): Promise<boolean> {
  const rows = await db
    .update(stations)
    .set({ role })
    .where(eq(stations.id, stationId))
    .returning({ id: stations.id });
  return rows.length > 0;
}

/** Sets when an event's wallet opens for tills and its offline window; false when no such event. */
export async function updateEventWalletClock(
  db: DbOrTx,
  slug: string,
  v: { walletOpensAt?: Date | null; walletOfflineWindowMinutes?: number },
): Promise<StationEventClock | undefined> {
  const rows = await db.update(events).set(v).where(eq(events.slug, slug)).returning({
    startsAt: events.startsAt,
    walletOpensAt: events.walletOpensAt,
    walletOfflineWindowMinutes: events.walletOfflineWindowMinutes,
  });
  return rows[0];
}

export async function insertStation(
  db: DbOrTx,
  v: { eventId: number; name: string; keyHash: string; role: StationRole },
) {
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
