import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { isTransaction, type Db, type DbOrTx } from '../../db/client';
import { batcherPerDatabase } from '../../lib/batcher';
import { customerSessions, customers } from '../../db/schema/index';

/** Who a live session is: its customer, itself, and the support operator when impersonated. */
export interface SessionIdentity {
  customerId: number;
  sessionId: number;
  impersonatedBy: string | null;
}

export async function insertSession(
  db: DbOrTx,
  values: { customerId: number; tokenHash: string; expiresAt: Date; impersonatedBy?: string | null },
): Promise<void> {
  await db.insert(customerSessions).values(values);
}

function liveSessionsQuery(db: DbOrTx) {
  return db
    .select({ session: customerSessions, customer: customers })
    .from(customerSessions)
    .innerJoin(customers, eq(customers.id, customerSessions.customerId))
    .where(
      // live_sessions (db/functions/live_sessions.sql) is the one rule of a live session
      sql`${customerSessions.id} IN (SELECT session_id FROM live_sessions(
        ${sql.placeholder('tokenHashes')}::text[], ${sql.placeholder('now')}::timestamptz))`,
    );
}

type LiveSession = Awaited<ReturnType<ReturnType<typeof liveSessionsQuery>['execute']>>[number];
type Lookup = { tokenHash: string; now: Date };

/** Every authenticated request looks its session up: prepared once per database. */
const preparedLiveSessions = new WeakMap<
  DbOrTx,
  ReturnType<ReturnType<typeof liveSessionsQuery>['prepare']>
>();

async function findLiveSessions(db: DbOrTx, lookups: Lookup[]): Promise<(LiveSession | undefined)[]> {
  let query = preparedLiveSessions.get(db);
  if (!query) {
    query = liveSessionsQuery(db).prepare('live_sessions');
    preparedLiveSessions.set(db, query);
  }
  // the earliest `now` reads every candidate; each lookup then applies its own
  const now = new Date(Math.min(...lookups.map((l) => l.now.getTime())));
  const rows = await query.execute({ tokenHashes: [...new Set(lookups.map((l) => l.tokenHash))], now });
  const byHash = new Map(rows.map((r) => [r.session.tokenHash, r]));
  return lookups.map((l) => {
    const row = byHash.get(l.tokenHash);
    return row && row.session.expiresAt > l.now ? row : undefined;
  });
}

/** Lookups that arrive while others are in flight share one query (lib/batcher.ts). */
const sessionBatcher = batcherPerDatabase<Db, Lookup, LiveSession | undefined>((db) => ({
  maxBatch: 64,
  maxInFlight: 1,
  run: (lookups) => findLiveSessions(db, lookups),
}));

/** The live session for a token hash with its customer, or undefined. */
export function findLiveSession(db: DbOrTx, tokenHash: string, now: Date): Promise<LiveSession | undefined> {
  const lookup = { tokenHash, now };
  return isTransaction(db) ? findLiveSessions(db, [lookup]).then((r) => r[0]) : sessionBatcher(db, lookup);
}

export async function revokeSession(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(customerSessions)
    .set({ revokedAt: now })
    .where(and(eq(customerSessions.tokenHash, tokenHash), isNull(customerSessions.revokedAt)));
}

/** Ends every session of a customer (password reset, erasure), optionally but one. */
export async function revokeAllSessions(db: DbOrTx, customerId: number, now: Date): Promise<void> {
  await db
    .update(customerSessions)
    .set({ revokedAt: now })
    .where(and(eq(customerSessions.customerId, customerId), isNull(customerSessions.revokedAt)));
}

/** Ends every other session of a customer (password change keeps the current one). */
export async function revokeOtherSessions(
  db: DbOrTx,
  customerId: number,
  keepSessionId: number,
  now: Date,
): Promise<void> {
  await db
    .update(customerSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(customerSessions.customerId, customerId),
        isNull(customerSessions.revokedAt),
        ne(customerSessions.id, keepSessionId),
      ),
    );
}
