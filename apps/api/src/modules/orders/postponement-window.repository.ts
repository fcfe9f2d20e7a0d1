import { and, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { eventChanges } from '../../db/schema/index';
import type { OrderLineRow, OrderRow } from './orders.repository';

/**
 * Until when each paid order may still be refunded because its event (or one of its sessions)
 * was postponed (event-lifecycle's window, read here: orders cannot import that module). A
 * whole-event postponement counts for every order; a session's for orders with its tickets.
 */
export async function postponementWindows(
  db: DbOrTx,
  orders: OrderRow[],
  lines: OrderLineRow[],
  now: Date,
): Promise<Map<number, Date>> {
  const paid = orders.filter((o) => o.status === 'paid');
  const out = new Map<number, Date>();
  if (!paid.length) return out;
  const open = await db
    .select({
      eventId: eventChanges.eventId,
      sessionId: eventChanges.sessionId,
      refundUntil: eventChanges.refundUntil,
    })
    .from(eventChanges)
    .where(
      and(
        inArray(eventChanges.eventId, [...new Set(paid.map((o) => o.eventId))]),
        eq(eventChanges.kind, 'postpone'),
        gt(eventChanges.refundUntil, now),
      ),
    );
  for (const o of paid) {
    const sessions = new Set(lines.filter((l) => l.orderId === o.id).map((l) => l.sessionId));
    for (const c of open) {
      if (c.eventId !== o.eventId || !c.refundUntil) continue;
      if (c.sessionId !== null && !sessions.has(c.sessionId)) continue;
      const known = out.get(o.id);
      if (!known || c.refundUntil > known) out.set(o.id, c.refundUntil);
    }
  }
  return out;
}
