/** The delivery workers' claims and results (webhook-delivery.service.ts). */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

export interface ClaimedDelivery {
  id: number;
  event_id: string;
  attempts: number;
  url: string;
  secret: string;
  body: string;
}

/**
 * Claims up to `batch` due deliveries of enabled endpoints until `until`, counting the attempt:
 * FOR UPDATE SKIP LOCKED lets workers on any number of instances claim at once without taking
 * the same row, and `claimed_until` keeps it theirs while they send (a worker that dies lets
 * it go at that time).
 */
export async function claimDueDeliveries(
  db: DbOrTx,
  now: Date,
  until: Date,
  batch: number,
): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  return queryRows<ClaimedDelivery>(
    db,
    sql`
    WITH due AS (
      SELECT d.id FROM webhook_deliveries d
      JOIN webhook_endpoints w ON w.id = d.endpoint_id AND w.enabled
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${at}
        AND (d.claimed_until IS NULL OR d.claimed_until <= ${at})
      ORDER BY d.next_attempt_at, d.id
      LIMIT ${batch}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE webhook_deliveries d
    SET claimed_until = ${until.toISOString()}, attempts = d.attempts + 1, last_attempt_at = ${at}
    FROM due, webhook_endpoints w, webhook_events ev
    WHERE d.id = due.id AND w.id = d.endpoint_id AND ev.id = d.event_id
    RETURNING d.id, d.event_id, d.attempts, w.url, w.secret, ev.body`,
  );
}

/** Records a claimed attempt's result, if the claim is still the worker's (a replay resets it). */
export async function recordAttempt(
  db: DbOrTx,
  claim: { id: number; until: Date },
  result:
    | { ok: true; status: number; at: Date }
    | { ok: false; status: number | null; error: string; nextAt: Date; gaveUp: boolean },
): Promise<void> {
  const until = claim.until.toISOString();
  if (result.ok) {
    await db.execute(sql`
      UPDATE webhook_deliveries SET status = 'delivered', delivered_at = ${result.at.toISOString()},
        last_status = ${result.status}, last_error = NULL, claimed_until = NULL
      WHERE id = ${claim.id} AND claimed_until = ${until}`);
    return;
  }
  await db.execute(sql`
    UPDATE webhook_deliveries SET status = ${result.gaveUp ? 'failed' : 'pending'},
      next_attempt_at = ${result.nextAt.toISOString()}, last_status = ${result.status},
      last_error = ${result.error.slice(0, 500)}, claimed_until = NULL
    WHERE id = ${claim.id} AND claimed_until = ${until}`);
}
