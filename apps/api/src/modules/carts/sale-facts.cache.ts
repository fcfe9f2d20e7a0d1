import type { Db } from '../../db/client';
import { Cache } from '../../lib/cache';
import { findEventSaleFacts, findSaleFacts, pickByIds, type SaleFacts } from './carts.repository';

/**
 * Sale facts of a checkout through a short-lived copy of the whole event (PUBLIC_CACHE_MS,
 * 1 s by default; the same bound the public event page keeps), so an on-sale where every
 * order names the same event reads the event, its types, sessions and day stock once per
 * second per instance instead of once per order.
 *
 * What the copy may decide, and why that is safe:
 * - the rules (status, sales windows, prices, min/max, sessions): a change by the organiser
 *   applies to checkouts within one TTL, as it does to the event page they were shown;
 * - stock only ever in the buyer's favour: the order statement holds stock against the live
 *   counters (CHECK constraints), so a copy that shows a place still free can never sell it
 *   twice, and a copy that shows it gone is confirmed by a fresh read (`findSaleFacts`)
 *   before anyone is refused (orders.service.ts `prepareOrder`).
 * The rows are shared by every checkout of one TTL: read them, never change them. With the
 * cache off (PUBLIC_CACHE_MS=0, as the API tests configure it) or none given (the seed), every
 * call is a fresh batched read.
 */
export function cachedSaleFacts(
  cache: SaleFactsCache | undefined,
  db: Db,
  eventId: number,
  typeIds: number[],
  sessionIds: number[],
  now: Date,
): Promise<SaleFacts> {
  if (!cache?.enabled) return findSaleFacts(db, eventId, typeIds, sessionIds);
  return cache
    .through(eventId, now.getTime(), () => findEventSaleFacts(db, eventId).then(indexed))
    .then((all) => ({
      event: all.event,
      types: pickByIds(all.typesById, typeIds),
      sessions: pickByIds(all.sessionsById, sessionIds),
      days: all.days,
      groups: all.groups,
      steps: all.steps.filter((p) => typeIds.includes(p.ticketTypeId)),
    }));
}

/** An event's facts with its types and sessions by id (a theatre may have hundreds of sessions). */
export interface EventSaleFacts extends Pick<SaleFacts, 'event' | 'days' | 'groups' | 'steps'> {
  typesById: Map<number, SaleFacts['types'][number]>;
  sessionsById: Map<number, SaleFacts['sessions'][number]>;
}

const indexed = (f: SaleFacts): EventSaleFacts => ({
  event: f.event,
  days: f.days,
  groups: f.groups,
  steps: f.steps,
  typesById: new Map(f.types.map((t) => [t.id, t])),
  sessionsById: new Map(f.sessions.map((s) => [s.id, s])),
});

/** One copy per event, kept PUBLIC_CACHE_MS (the app's `caches.saleFacts`). */
export const createSaleFactsCache = (ttlMs: number) =>
  new Cache<number, Promise<EventSaleFacts>>('sale facts by event', ttlMs, 500);

export type SaleFactsCache = ReturnType<typeof createSaleFactsCache>;
