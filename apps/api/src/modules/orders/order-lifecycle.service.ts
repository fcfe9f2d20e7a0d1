/**
 * What the orders module does when an event or a session is cancelled or postponed (called
 * from payments' order-refund.service.ts, in the caller's transaction): pending orders
 * cancelled with their places and code uses given back; paid orders marked refunded with
 * their sold places given back. The money itself is payments' business.
 */
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { findLines, type OrderLineRow, type OrderRow } from './orders.repository';
import {
  closeStock,
  lockOrdersOfEvent,
  returnSoldStock,
  setOrdersStatus,
} from './order-lifecycle.repository';
import { claimsOf, releaseCodeUses, releaseStock } from './stock.repository';

export { closeStock, lockOrdersOfEvent };

/** Orders still waiting for their payment (their places are reserved). */
export const OPEN_ORDER_STATUSES = ['pending', 'processing'] as const;

/**
 * Cancels open orders (locked by the caller) and gives their reserved places and code uses
 * back, as the expiry job does; audited with the actor.
 */
export async function cancelOpenOrders(
  tx: DbOrTx,
  eventId: number,
  open: readonly OrderRow[],
  actor: string,
  reason: string,
): Promise<void> {
  if (!open.length) return;
  const lines = await findLines(
    tx,
    open.map((o) => o.id),
  );
  await setOrdersStatus(
    tx,
    open.map((o) => o.id),
    'cancelled',
  );
  for (const o of open)
    await audit(tx, { actor, action: 'order.cancel', entity: 'order', entityId: o.id, data: { reason } });
  await releaseStock(tx, eventId, claimsOf(lines));
  await releaseCodeUses(tx, open);
}

/**
 * Marks a paid order (locked by the caller) refunded and gives its sold places back. Answers
 * its lines (the caller works out what to give back).
 */
export async function markPaidOrderRefunded(tx: DbOrTx, order: OrderRow): Promise<OrderLineRow[]> {
  const lines = await findLines(tx, [order.id]);
  await setOrdersStatus(tx, [order.id], 'refunded');
  await returnSoldStock(tx, order.eventId, claimsOf(lines));
  return lines;
}
