import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerSessions, customers } from '../../db/schema/index';

export async function insertSession(
  db: DbOrTx,
  values: { customerId: number; tokenHash: string; expiresAt: Date; impersonatedBy?: string | null },
): Promise<void> {
  await db.insert(customerSessions).values(values);
}

function liveSessionQuery(db: DbOrTx) {
  return db
    .select({ session: customerSessions, customer: customers })
    .from(customerSessions)
    .innerJoin(customers, eq(customers.id, customerSessions.customerId))
    .where(
      and(
        eq(customerSessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(customerSessions.revokedAt),
        gt(customerSessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1);
}

/** Every authenticated request looks its session up: prepared once per database. */
const preparedLiveSession = new WeakMap<DbOrTx, ReturnType<ReturnType<typeof liveSessionQuery>['prepare']>>();

/** The live session for a token hash with its customer, or undefined. */
export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  let query = preparedLiveSession.get(db);
  if (!query) {
    query = liveSessionQuery(db).prepare('live_session');
    preparedLiveSession.set(db, query);
  }
  const rows = await query.execute({ tokenHash, now });
  return rows[0];
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
