import { and, asc, count, eq, gte, ilike, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { StationRole } from '@bilheteira/shared/stations';
import type { DbOrTx } from '../../db/client';
import { bracelets, stations, walletTransactions } from '../../db/schema/index';

export type StationAdminRow = typeof stations.$inferSelect;

export async function stationsOfEvent(db: DbOrTx, eventId: number): Promise<StationAdminRow[]> {
  return db.select().from(stations).where(eq(stations.eventId, eventId)).orderBy(asc(stations.id));
}

export async function findEventStation(db: DbOrTx, eventId: number, stationId: number) {
  const rows = await db
    .select()
    .from(stations)
    .where(and(eq(stations.id, stationId), eq(stations.eventId, eventId)))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function updateStationRow(
  db: DbOrTx,
  stationId: number,
  v: Partial<{ name: string; role: StationRole; status: string; keyHash: string }>,
): Promise<StationAdminRow> {
  const rows = await db.update(stations).set(v).where(eq(stations.id, stationId)).returning();
  return rows[0]!;
}

/** Which of these UIDs and printed codes some bracelet (of any event) already has. */
export async function takenBraceletRefs(db: DbOrTx, uids: string[], codes: string[]) {
  if (!uids.length) return { uids: new Set<string>(), codes: new Set<string>() };
  const rows = await db
    .select({ uid: bracelets.uid, code: bracelets.code })
    .from(bracelets)
    .where(or(inArray(bracelets.uid, uids), inArray(bracelets.code, codes)));
  return { uids: new Set(rows.map((r) => r.uid)), codes: new Set(rows.map((r) => r.code)) };
}

export async function insertBracelets(
  db: DbOrTx,
  rows: { eventId: number; uid: string; code: string; secretHash: string | null }[],
): Promise<number> {
  // in slices: one INSERT's parameters stay far below PostgreSQL's 65,535
  let n = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const done = await db
      .insert(bracelets)
      .values(rows.slice(i, i + 1000))
      .returning({ id: bracelets.id });
    n += done.length;
  }
  return n;
}

/** What each till recorded between two instants, per transaction type (station index). */
export async function stationTotals(db: DbOrTx, stationIds: number[], from: Date, to: Date) {
  if (!stationIds.length) return [];
  return db
    .select({
      stationId: walletTransactions.stationId,
      type: walletTransactions.type,
      n: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${walletTransactions.amountCents}), 0)::int`,
    })
    .from(walletTransactions)
    .where(
      and(
        inArray(walletTransactions.stationId, stationIds),
        gte(walletTransactions.occurredAt, from),
        lt(walletTransactions.occurredAt, to),
      ),
    )
    .groupBy(walletTransactions.stationId, walletTransactions.type);
}

export const BRACELETS_PER_PAGE = 50;

/** A page of the event's bracelets (newest first), searched by UID or printed code, with counts. */
export async function braceletsOfEvent(db: DbOrTx, eventId: number, q: { q?: string; page: number }) {
  const ofEvent = eq(bracelets.eventId, eventId);
  const term = q.q?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = term
    ? and(ofEvent, or(ilike(bracelets.uid, `${term}%`), ilike(bracelets.code, `${term}%`)))
    : ofEvent;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(bracelets)
      .where(where)
      .orderBy(sql`${bracelets.id} desc`)
      .limit(BRACELETS_PER_PAGE)
      .offset((q.page - 1) * BRACELETS_PER_PAGE),
    db
      .select({
        total: count(),
        matching: term ? sql<number>`count(*) filter (where ${where})::int` : count(),
        active: sql<number>`count(*) filter (where ${bracelets.status} = 'active')::int`,
        blocked: sql<number>`count(*) filter (where ${bracelets.status} = 'blocked')::int`,
        linked: sql<number>`count(*) filter (where ${isNotNull(bracelets.walletId)})::int`,
      })
      .from(bracelets)
      .where(ofEvent),
  ]);
  return { rows, totals: totals[0]! };
}
