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
  addLineRefund,
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
 * Marks a paid order (locked by the caller) refunded and gives its sold places back, less the
 * tickets a back-office refund already gave back (`refunded_qty`: given back once). Answers its
 * lines (the caller works out what to give back).
 */
export async function markPaidOrderRefunded(tx: DbOrTx, order: OrderRow): Promise<OrderLineRow[]> {
  const lines = await findLines(tx, [order.id]);
  await setOrdersStatus(tx, [order.id], 'refunded');
  await returnSoldStock(tx, order.eventId, claimsOf(unrefunded(lines)));
  return lines;
}

/** The lines' tickets not yet refunded (a line wholly refunded holds no place any more). */
const unrefunded = (lines: OrderLineRow[]) =>
  lines.map((l) => ({ ...l, qty: l.qty - l.refundedQty })).filter((l) => l.qty > 0);

/**
 * Gives back the sold places of some tickets of an order's lines (a back-office refund of those
 * tickets, order locked by the caller): types, sessions, days and capacity groups exactly as the
 * lines took them, in the lock order of every stock write.
 */
export async function returnSoldTickets(
  tx: DbOrTx,
  eventId: number,
  parts: readonly { line: OrderLineRow; qty: number }[],
): Promise<void> {
  const claims = claimsOf(parts.filter((p) => p.qty > 0).map((p) => ({ ...p.line, qty: p.qty })));
  if (claims.length) await returnSoldStock(tx, eventId, claims);
}

/**
 * Records a back-office refund of some of a paid order's lines (the order locked by the
 * caller): each line's refunded tickets and cents grow, the tickets' places go back (types,
 * sessions, days, capacity groups as the line took them, once: a line's refunded tickets are
 * never refunded again), and the order becomes `refunded` when every line is refunded in full
 * (a partly refunded order stays `paid`, its lines marked). Answers the order's new status.
 */
export async function recordLinesRefund(
  tx: DbOrTx,
  order: OrderRow,
  parts: readonly { lineId: number; qty: number; cents: number }[],
): Promise<'paid' | 'refunded'> {
  const lines = await findLines(tx, [order.id]);
  for (const p of parts) await addLineRefund(tx, p.lineId, p);
  await returnSoldTickets(
    tx,
    order.eventId,
    parts.flatMap((p) => {
      const line = lines.find((l) => l.id === p.lineId);
      return line && line.kind === 'ticket' ? [{ line, qty: p.qty }] : [];
    }),
  );
  const after = await findLines(tx, [order.id]);
  const whole = after.every((l) =>
    l.kind === 'ticket' ? l.refundedQty >= l.qty : l.refundedCents >= l.unitCents * l.qty,
  );
  if (whole) await setOrdersStatus(tx, [order.id], 'refunded');
  return whole ? 'refunded' : 'paid';
}
