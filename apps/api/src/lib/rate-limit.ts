import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client';
import { AppError } from './errors';

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
export async function hitLimit(db: DbOrTx, limit: Limit, now = new Date()): Promise<void> {
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
  if (row.count > limit.max) {
    const seconds = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - now.getTime()) / 1000));
    throw new AppError(429, 'rate_limited', 'error.rate_limited', { seconds });
  }
}

/** Clears a counter (e.g. failed-password counter after a successful login). */
export async function resetLimit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Gives back one hit of a counter (an attempt counted up front that turned out fine). */
export async function releaseHit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ${key}`);
}
