import { toSessionDate } from '@bilheteira/shared/schemas/carts';
import type { Db, DbOrTx } from '../../db/client';
import type { AppError } from '../../lib/errors';
import { findSaleFacts, findSessionsByIds, type SaleFacts } from '../carts/carts.service';
import { orderErrors } from './orders.errors';
import type { NewOrderLine } from './orders.repository';
import { counters, findCapacityGroup, type StockClaim, type StockShortage } from './stock.repository';

/** The first counter that has fewer places left than `claims` need, from freshly read stock. */
export function shortageIn(
  eventId: number,
  claims: StockClaim[],
  facts: Pick<SaleFacts, 'types' | 'sessions' | 'days' | 'groups'>,
): StockShortage | null {
  const c = counters(eventId, claims);
  const left = (x: { reserved: number; sold: number }, capacity: number) => capacity - x.reserved - x.sold;
  for (const [id, n] of c.types) {
    const t = facts.types.find((x) => x.id === id);
    if (!t || left(t, t.quantity) < n) return { kind: 'type', ticketTypeId: id };
  }
  for (const [id, n] of c.sessions) {
    const s = facts.sessions.find((x) => x.id === id);
    if (!s || (s.capacity !== null && left(s, s.capacity) < n)) return { kind: 'session', sessionId: id };
  }
  for (const [day, n] of c.days) {
    const d = facts.days.find((x) => x.day === day);
    if (d && left(d, d.capacity) < n) return { kind: 'day', day };
  }
  for (const [id, n] of c.groups) {
    const g = facts.groups.find((x) => x.id === id);
    if (g && left(g, g.capacity) < n) return { kind: 'group', groupId: id };
  }
  return null;
}

/** The stock of what `lines` claim, read from the database now. */
export const freshFactsOf = (
  db: Db,
  eventId: number,
  lines: Pick<NewOrderLine, 'ticketTypeId' | 'sessionId'>[],
) =>
  findSaleFacts(
    db,
    eventId,
    [...new Set(lines.flatMap((l) => (l.ticketTypeId == null ? [] : [l.ticketTypeId])))],
    [...new Set(lines.flatMap((l) => (l.sessionId == null ? [] : [l.sessionId])))],
  );

/**
 * The counter of `kind` that ran out when the statement failed on its CHECK: the only one
 * of its kind, else the first one short in a fresh read (only for the message).
 */
export async function whichShortage(
  db: Db,
  kind: StockShortage['kind'],
  {
    event,
    lines,
    claims,
  }: {
    event: { id: number };
    lines: Pick<NewOrderLine, 'ticketTypeId' | 'sessionId'>[];
    claims: StockClaim[];
  },
): Promise<StockShortage> {
  const c = counters(event.id, claims);
  const ofKind = { type: c.types, session: c.sessions, day: c.days, group: c.groups }[kind];
  const fresh =
    ofKind.length === 1 ? null : shortageIn(event.id, claims, await freshFactsOf(db, event.id, lines));
  if (fresh?.kind === kind) return fresh;
  if (kind === 'type') return { kind, ticketTypeId: c.types[0]![0] };
  if (kind === 'session') return { kind, sessionId: c.sessions[0]![0] };
  if (kind === 'group') return { kind, groupId: c.groups[0]![0] };
  return { kind, day: c.days[0]![0] };
}

export async function shortageError(
  db: DbOrTx,
  s: StockShortage,
  types: { id: number; name: string }[],
): Promise<AppError> {
  if (s.kind === 'type') {
    const name = types.find((t) => t.id === s.ticketTypeId)?.name ?? '';
    return orderErrors.soldOut({ name }, { details: { ticket_id: s.ticketTypeId } });
  }
  if (s.kind === 'session') {
    const [session] = await findSessionsByIds(db, [s.sessionId]);
    return orderErrors.sessionFull(
      { date: session ? toSessionDate(session.date) : '', hour: session?.hour ?? '' },
      { details: { session_id: s.sessionId } },
    );
  }
  if (s.kind === 'group') {
    // the group's name and the order's types that share it (the buyer knows the types)
    const group = await findCapacityGroup(db, s.groupId);
    const shared = types.filter((t) => group?.ticketTypeIds.includes(t.id));
    return orderErrors.groupFull(
      { group: group?.name ?? '', names: shared.map((t) => t.name).join(', ') },
      { details: { group_id: s.groupId, ticket_ids: shared.map((t) => t.id) } },
    );
  }
  return orderErrors.dayFull({ date: toSessionDate(s.day) }, { details: { day: s.day } });
}
