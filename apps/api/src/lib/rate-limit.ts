import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client';
import { rateLimitedError, type AppError } from './errors';

export interface Limit {
  /** counter name, e.g. "sms:number:+351912345678" */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counter in the database, so every instance shares it (DESIGN §1). One
 * statement: insert or increment, resetting when the window has passed. Throws 429 with
 * Retry-After when the count exceeds `max`.
 */
export async function hitLimit(db: DbOrTx, limit: Limit, now: Date): Promise<void> {
  const { count, resetAt } = await countHit(db, limit, now);
  if (count > limit.max) throw rateLimited(resetAt, now);
}

/** 429 `rate_limited` with Retry-After until `resetAt`. */
export function rateLimited(resetAt: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return rateLimitedError(seconds);
}

/** Counts one hit of a counter (insert or increment, reset when its window has passed). */
export async function countHit(
  db: DbOrTx,
  limit: Pick<Limit, 'key' | 'windowSeconds'>,
  now: Date,
): Promise<{ count: number; resetAt: Date }> {
  const resetAt = new Date(now.getTime() + limit.windowSeconds * 1000);
  const rows = await queryRows<{ count: number; reset_at: string | Date }>(
    db,
    sql`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${limit.key}, 1, ${resetAt.toISOString()})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ${now.toISOString()} THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${now.toISOString()} THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING count, reset_at`,
  );
  const row = rows[0]!;
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

/** A counter's count and window end while its window is live, else undefined; counts nothing. */
export async function readCounter(
  db: DbOrTx,
  key: string,
  now: Date,
): Promise<{ count: number; resetAt: Date } | undefined> {
  const rows = await queryRows<{ count: number; reset_at: string | Date }>(
    db,
    sql`SELECT count, reset_at FROM rate_limits WHERE key = ${key} AND reset_at > ${now.toISOString()}`,
  );
  const row = rows[0];
  return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : undefined;
}

/**
 * Deletes counters whose window ended (a later hit would start them at 1 anyway), at most
 * `batch` per call so the worker never holds many row locks; answers how many went.
 */
export async function purgeExpiredLimits(db: DbOrTx, now: Date, batch = 5000): Promise<number> {
  const at = now.toISOString();
  // reset_at is checked again on the row itself: a counter restarted meanwhile stays
  const rows = await queryRows<{ key: string }>(
    db,
    sql`DELETE FROM rate_limits WHERE reset_at <= ${at}
        AND key IN (SELECT key FROM rate_limits WHERE reset_at <= ${at} LIMIT ${batch})
        RETURNING key`,
  );
  return rows.length;
}

/** Clears a counter (e.g. failed-password counter after a successful login). */
export async function resetLimit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Gives back one hit of a counter (an attempt counted up front that turned out fine). */
export async function releaseHit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ${key}`);
}
