import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { violatedConstraint } from '../../lib/db-errors';

/**
 * What one order line holds: a ticket type, maybe a session, the days it covers and the
 * capacity groups (pretix quotas) its type belonged to when it was ordered.
 */
export interface StockClaim {
  ticketTypeId: number;
  sessionId: number | null;
  qty: number;
  days: string[];
  groups: number[];
}

export type StockShortage =
  | { kind: 'type'; ticketTypeId: number }
  | { kind: 'session'; sessionId: number }
  | { kind: 'day'; day: string }
  | { kind: 'group'; groupId: number };

/** Adds up claims per counter, in one global order (types, sessions, days, groups; by key) so
 * concurrent transactions take row locks in the same order and never deadlock. */
export function counters(eventId: number, claims: StockClaim[]) {
  const types = new Map<number, number>();
  const sessions = new Map<number, number>();
  const days = new Map<string, number>();
  const groups = new Map<number, number>();
  for (const c of claims) {
    types.set(c.ticketTypeId, (types.get(c.ticketTypeId) ?? 0) + c.qty);
    if (c.sessionId !== null) sessions.set(c.sessionId, (sessions.get(c.sessionId) ?? 0) + c.qty);
    for (const d of c.days) days.set(d, (days.get(d) ?? 0) + c.qty);
    for (const g of c.groups) groups.set(g, (groups.get(g) ?? 0) + c.qty);
  }
  const byKey = <K>(m: Map<K, number>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    eventId,
    types: byKey(types),
    sessions: byKey(sessions),
    days: byKey(days),
    groups: byKey(groups),
  };
}

/** Stock claims of an order's ticket lines (what was reserved, released exactly so). */
export const claimsOf = (
  lines: {
    kind: string;
    ticketTypeId?: number | null;
    sessionId?: number | null;
    qty: number;
    stockDays?: string[] | null;
    stockGroups?: number[] | null;
  }[],
): StockClaim[] =>
  lines
    .filter((l) => l.kind === 'ticket' && l.ticketTypeId != null)
    .map((l) => ({
      ticketTypeId: l.ticketTypeId!,
      sessionId: l.sessionId ?? null,
      qty: l.qty,
      days: l.stockDays ?? [],
      groups: l.stockGroups ?? [],
    }));

/**
 * Reserves places with conditional UPDATEs (`… WHERE quantity - reserved - sold >= n`):
 * sold + reserved can never pass a ticket type's quantity, a session's, a day's or a capacity
 * group's capacity, whatever the concurrency. Must run in the caller's transaction: on a shortage
 * it answers what ran out and the caller throws, rolling back what was taken.
 */
export async function reserveStock(
  tx: DbOrTx,
  eventId: number,
  claims: StockClaim[],
): Promise<StockShortage | null> {
  const c = counters(eventId, claims);
  for (const [id, n] of c.types) {
    const rows = await queryRows(
      tx,
      sql`UPDATE ticket_types SET reserved = reserved + ${n}
          WHERE id = ${id} AND quantity - reserved - sold >= ${n} RETURNING id`,
    );
    if (!rows.length) return { kind: 'type', ticketTypeId: id };
  }
  for (const [id, n] of c.sessions) {
    const rows = await queryRows(
      tx,
      sql`UPDATE event_sessions SET reserved = reserved + ${n}
          WHERE id = ${id} AND (capacity IS NULL OR capacity - reserved - sold >= ${n}) RETURNING id`,
    );
    if (!rows.length) return { kind: 'session', sessionId: id };
  }
  for (const [day, n] of c.days) {
    const rows = await queryRows(
      tx,
      sql`UPDATE event_day_stock SET reserved = reserved + ${n}
          WHERE event_id = ${eventId} AND day = ${day} AND capacity - reserved - sold >= ${n} RETURNING day`,
    );
    if (rows.length) continue;
    // no row at all: the day has no capacity of its own
    const limited = await queryRows(
      tx,
      sql`SELECT day FROM event_day_stock WHERE event_id = ${eventId} AND day = ${day}`,
    );
    if (limited.length) return { kind: 'day', day };
  }
  for (const [id, n] of c.groups) {
    const rows = await queryRows(
      tx,
      sql`UPDATE capacity_groups SET reserved = reserved + ${n}
          WHERE id = ${id} AND capacity - reserved - sold >= ${n} RETURNING id`,
    );
    if (rows.length) continue;
    // a group deleted since the order was made limits nothing any more
    const limited = await queryRows(tx, sql`SELECT id FROM capacity_groups WHERE id = ${id}`);
    if (limited.length) return { kind: 'group', groupId: id };
  }
  return null;
}

/** The CHECK constraints (schema/catalog.ts, pricing.ts) that keep sold + reserved within stock. */
const STOCK_CONSTRAINTS: Record<string, StockShortage['kind']> = {
  ticket_types_within_quantity: 'type',
  event_sessions_within_capacity: 'session',
  event_day_stock_within_capacity: 'day',
  capacity_groups_within_capacity: 'group',
};

/**
 * Which kind of counter a failed statement ran out of, when it failed because a reservation
 * would have passed a ticket type's quantity, a session's, a day's or a capacity group's
 * capacity; else null.
 * (node-postgres and PGlite report the error itself or wrapped as its cause by Drizzle.)
 */
export function stockShortageKind(err: unknown): StockShortage['kind'] | null {
  const constraint = violatedConstraint(err, '23514');
  return constraint ? (STOCK_CONSTRAINTS[constraint] ?? null) : null;
}

/** A capacity group's name and its member ticket types now (a shortage's message names them). */
export async function findCapacityGroup(
  db: DbOrTx,
  groupId: number,
): Promise<{ name: string; ticketTypeIds: number[] } | undefined> {
  const [row] = await queryRows<{ name: string; ticket_type_ids: number[] }>(
    db,
    sql`SELECT g.name, coalesce(array_agg(m.ticket_type_id) FILTER (WHERE m.ticket_type_id IS NOT NULL),
          '{}') AS ticket_type_ids
        FROM capacity_groups g LEFT JOIN capacity_group_members m ON m.group_id = g.id
        WHERE g.id = ${groupId} GROUP BY g.id`,
  );
  return row && { name: row.name, ticketTypeIds: row.ticket_type_ids.map(Number) };
}

/** Gives reserved places back (expiry, cancellation). Same lock order as reserveStock. */
export async function releaseStock(tx: DbOrTx, eventId: number, claims: StockClaim[]): Promise<void> {
  const c = counters(eventId, claims);
  for (const [id, n] of c.types)
    await tx.execute(sql`UPDATE ticket_types SET reserved = reserved - ${n} WHERE id = ${id}`);
  for (const [id, n] of c.sessions)
    await tx.execute(sql`UPDATE event_sessions SET reserved = reserved - ${n} WHERE id = ${id}`);
  for (const [day, n] of c.days)
    await tx.execute(
      sql`UPDATE event_day_stock SET reserved = reserved - ${n} WHERE event_id = ${eventId} AND day = ${day}`,
    );
  for (const [id, n] of c.groups)
    await tx.execute(sql`UPDATE capacity_groups SET reserved = reserved - ${n} WHERE id = ${id}`);
}

/** Turns reserved places into sold ones (payment confirmed). Same lock order. */
export async function commitStock(tx: DbOrTx, eventId: number, claims: StockClaim[]): Promise<void> {
  const c = counters(eventId, claims);
  for (const [id, n] of c.types)
    await tx.execute(
      sql`UPDATE ticket_types SET reserved = reserved - ${n}, sold = sold + ${n} WHERE id = ${id}`,
    );
  for (const [id, n] of c.sessions)
    await tx.execute(
      sql`UPDATE event_sessions SET reserved = reserved - ${n}, sold = sold + ${n} WHERE id = ${id}`,
    );
  for (const [day, n] of c.days)
    await tx.execute(
      sql`UPDATE event_day_stock SET reserved = reserved - ${n}, sold = sold + ${n}
          WHERE event_id = ${eventId} AND day = ${day}`,
    );
  for (const [id, n] of c.groups)
    await tx.execute(
      sql`UPDATE capacity_groups SET reserved = reserved - ${n}, sold = sold + ${n} WHERE id = ${id}`,
    );
}

/** The codes orders used, counted per code in id order (the lock order of their rows). */
function codeUses(rows: readonly { promoCodeId: number | null; accessCodeId: number | null }[]) {
  const count = (ids: (number | null)[]) => {
    const m = new Map<number, number>();
    for (const id of ids) if (id !== null) m.set(id, (m.get(id) ?? 0) + 1);
    return [...m.entries()].sort(([a], [b]) => a - b);
  };
  return { promo: count(rows.map((r) => r.promoCodeId)), access: count(rows.map((r) => r.accessCodeId)) };
}

/**
 * Gives back the code uses of orders that were cancelled or expired (after their stock, in the
 * order insert_pending_orders takes them): a released order's use can be taken by another.
 * Nothing to do, and no statement, for orders without codes.
 */
export async function releaseCodeUses(
  tx: DbOrTx,
  rows: readonly { promoCodeId: number | null; accessCodeId: number | null }[],
): Promise<void> {
  const uses = codeUses(rows);
  for (const [id, n] of uses.promo)
    await tx.execute(sql`UPDATE promo_codes SET used = used - ${n} WHERE id = ${id}`);
  for (const [id, n] of uses.access)
    await tx.execute(sql`UPDATE access_codes SET used = used - ${n} WHERE id = ${id}`);
}

/**
 * Takes the code uses of a cancelled order again (a late payment approval). Answers false,
 * changing nothing, when a code has no use left (its CHECK refuses: promo_codes_uses_check);
 * the caller then refunds the payment as it does when the places are gone.
 */
export async function retakeCodeUses(
  tx: DbOrTx,
  row: { promoCodeId: number | null; accessCodeId: number | null },
): Promise<boolean> {
  const uses = codeUses([row]);
  for (const [id] of uses.promo) {
    const ok = await queryRows(
      tx,
      sql`UPDATE promo_codes SET used = used + 1 WHERE id = ${id} AND (max_uses IS NULL OR used < max_uses) RETURNING id`,
    );
    if (!ok.length) return false;
  }
  for (const [id] of uses.access) {
    const ok = await queryRows(
      tx,
      sql`UPDATE access_codes SET used = used + 1 WHERE id = ${id} AND (max_uses IS NULL OR used < max_uses) RETURNING id`,
    );
    if (!ok.length) return false;
  }
  return true;
}
