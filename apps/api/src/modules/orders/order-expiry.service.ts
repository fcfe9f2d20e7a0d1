import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { holdCapMs } from './order-hold';
import { claimExpiredOrders, findLines, forceExpire, setOrderExpiry } from './orders.repository';
import { claimsOf, releaseCodeUses, releaseStock } from './stock.repository';

/**
 * Cancels pending orders whose hold is over and gives their tickets back to sale, in
 * batches; several instances can run it at once (SKIP LOCKED). Answers how many expired.
 * The stock of the whole batch goes back in one UPDATE per counter, last, in the global lock
 * order: an on-sale's hot rows are locked for one round trip, not one per expired order; then
 * the promo and access code uses of the orders that had one.
 */
export async function expireOrders(db: Db, now: Date, holdMs: number, batch = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await claimExpiredOrders(tx, now, batch, holdCapMs(holdMs));
    if (!expired.length) return 0;
    const lines = await findLines(
      tx,
      expired.map((o) => o.id),
    );
    for (const o of expired)
      await audit(tx, { actor: 'system', action: 'order.expire', entity: 'order', entityId: o.id });
    for (const eventId of [...new Set(expired.map((o) => o.eventId))].sort((a, b) => a - b)) {
      const ids = new Set(expired.filter((o) => o.eventId === eventId).map((o) => o.id));
      await releaseStock(tx, eventId, claimsOf(lines.filter((l) => ids.has(l.orderId))));
    }
    // their promo and access code uses come back too (after the stock, as the order write takes them)
    await releaseCodeUses(tx, expired);
    return expired.length;
  });
}

/** Development: ends a pending order's hold now and runs the expiry (tests, demos). */
export async function expireOrderNow(db: Db, orderId: number, now: Date, holdMs: number): Promise<number> {
  await forceExpire(db, orderId, now);
  return expireOrders(db, now, holdMs);
}

/** Sets how long a pending order holds its tickets (seed: a day-long reference). */
export async function setOrderHold(db: DbOrTx, orderId: number, until: Date): Promise<void> {
  await setOrderExpiry(db, orderId, until);
}
