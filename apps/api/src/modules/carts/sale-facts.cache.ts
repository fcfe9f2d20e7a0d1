import { sql } from 'drizzle-orm';
import { preparedQueryRows, type Db, type DbOrTx } from '../../db/client';
import { rowFromJson } from '../../db/json-rows';
import { eventDayStock, eventSessions, events, ticketTypes } from '../../db/schema/index';
import { publicCacheMs, ShortCache } from '../events/events.cache';
import { findSaleFacts, type SaleFacts } from './carts.repository';

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
 * cache off (TTL 0, as in the API tests) every call is a fresh batched read.
 */
export function cachedSaleFacts(
  db: Db,
  eventId: number,
  typeIds: number[],
  sessionIds: number[],
): Promise<SaleFacts> {
  const cache = cacheFor(db);
  if (!cache) return findSaleFacts(db, eventId, typeIds, sessionIds);
  return cache
    .get(String(eventId), () => readEventSaleFacts(db, eventId).then(indexed))
    .then((all) => ({
      event: all.event,
      types: pick(all.typesById, typeIds),
      sessions: pick(all.sessionsById, sessionIds),
      days: all.days,
    }));
}

/** An event's facts with its types and sessions by id (a theatre may have hundreds of sessions). */
interface EventSaleFacts extends Pick<SaleFacts, 'event' | 'days'> {
  typesById: Map<number, SaleFacts['types'][number]>;
  sessionsById: Map<number, SaleFacts['sessions'][number]>;
}

const indexed = (f: SaleFacts): EventSaleFacts => ({
  event: f.event,
  days: f.days,
  typesById: new Map(f.types.map((t) => [t.id, t])),
  sessionsById: new Map(f.sessions.map((s) => [s.id, s])),
});

const pick = <T>(byId: Map<number, T>, ids: number[]) =>
  ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));

const caches = new WeakMap<object, ShortCache<EventSaleFacts> | null>();

function cacheFor(db: Db): ShortCache<EventSaleFacts> | null {
  let cache = caches.get(db);
  if (cache === undefined) {
    const ttl = publicCacheMs();
    cache = ttl > 0 ? new ShortCache<EventSaleFacts>(ttl) : null;
    caches.set(db, cache);
  }
  return cache;
}

/** Every sale fact of one event in ONE statement: the event, all its types and sessions, its days. */
async function readEventSaleFacts(db: DbOrTx, eventId: number): Promise<SaleFacts> {
  type Json = Record<string, unknown>;
  const [row] = await preparedQueryRows<{
    event: Json | null;
    types: Json[];
    sessions: Json[];
    days: Json[];
  }>(
    db,
    sql`SELECT
      (SELECT row_to_json(e) FROM events e WHERE e.id = ${eventId}) AS event,
      (SELECT coalesce(json_agg(t), '[]') FROM ticket_types t WHERE t.event_id = ${eventId}) AS types,
      (SELECT coalesce(json_agg(s), '[]') FROM event_sessions s WHERE s.event_id = ${eventId}) AS sessions,
      (SELECT coalesce(json_agg(d), '[]') FROM event_day_stock d WHERE d.event_id = ${eventId}) AS days`,
  );
  return {
    event: row?.event ? rowFromJson(events, row.event) : undefined,
    types: (row?.types ?? []).map((t) => rowFromJson(ticketTypes, t)),
    sessions: (row?.sessions ?? []).map((s) => rowFromJson(eventSessions, s)),
    days: (row?.days ?? []).map((d) => rowFromJson(eventDayStock, d)),
  };
}
