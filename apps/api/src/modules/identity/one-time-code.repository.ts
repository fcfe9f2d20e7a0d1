import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeCodes } from '../../db/schema/index';

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

export async function insertCode(
  db: DbOrTx,
  values: {
    customerId: number | null;
    target: string;
    purpose: string;
    codeHash: string;
    expiresAt: Date;
    data?: Record<string, unknown>;
  },
): Promise<OneTimeCodeRow> {
  const [row] = await db.insert(oneTimeCodes).values(values).returning();
  return row!;
}

/** Ends every live code of this target and purpose (a new code replaces the old ones). */
export async function expireLiveCodes(db: DbOrTx, target: string, purpose: string, now: Date): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ expiresAt: now })
    .where(
      and(
        eq(oneTimeCodes.target, target),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    );
}

/** The newest code of this target and purpose, live or not. */
export async function findLatestCode(
  db: DbOrTx,
  target: string,
  purpose: string,
): Promise<OneTimeCodeRow | undefined> {
  const rows = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.target, target), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return rows[0];
}

/**
 * Counts one try against a live code in one statement (so parallel guesses cannot exceed
 * the limit) and answers the row after the increment, or undefined when the code is dead.
 */
export async function countAttempt(
  db: DbOrTx,
  id: number,
  maxAttempts: number,
  now: Date,
): Promise<OneTimeCodeRow | undefined> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, id),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, maxAttempts),
      ),
    )
    .returning();
  return rows[0];
}

/** Marks a code used if nobody did first: single use under concurrency. */
export async function consumeCode(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/** A live link token (stored hashed) of a purpose, read without consuming it. */
export async function findLiveLinkToken(
  db: DbOrTx,
  codeHash: string,
  purpose: string,
  now: Date,
): Promise<OneTimeCodeRow | undefined> {
  const rows = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.codeHash, codeHash),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0];
}

/** A link token of a purpose whatever its state (used, expired): to say why it no longer works. */
export async function findLinkTokenAnyState(
  db: DbOrTx,
  codeHash: string,
  purpose: string,
): Promise<OneTimeCodeRow | undefined> {
  const rows = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.codeHash, codeHash), eq(oneTimeCodes.purpose, purpose)))
    .limit(1);
  return rows[0];
}

/** Consumes a live link token (stored hashed) of a purpose in one statement; answers its row. */
export async function consumeLinkToken(
  db: DbOrTx,
  codeHash: string,
  purpose: string,
  now: Date,
): Promise<OneTimeCodeRow | undefined> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.codeHash, codeHash),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning();
  return rows[0];
}
