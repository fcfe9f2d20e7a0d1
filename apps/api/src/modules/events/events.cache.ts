import { eventDetailResponse, eventListResponse, type EventDetail } from '@bilheteira/shared/schemas/events';
import { DEFAULT_LOCALE, type Locale } from '@bilheteira/shared/locales';
import type { DbOrTx } from '../../db/client';
import { Cache } from '../../lib/cache';
import { getEventDetail, listEvents } from './events.service';

/**
 * The public catalogue caches (GET /api/events and GET /api/events/:slug), so a burst of
 * visitors on one event page costs one query per TTL instead of one per request.
 *
 * Freshness: an entry is stamped with the moment its database read STARTED and is never
 * served once the TTL (PUBLIC_CACHE_MS, 1 s by default, at most 10 s) has passed since then,
 * so an answer is at most one TTL old — a ticket type that sells out shows as available for
 * at most that long, and the purchase itself is always checked against the database
 * (reservations lock stock), so a stale page can never sell a ticket twice. Concurrent misses
 * share one read. Failures (404 included) are not cached. Sessions are not involved: these
 * answers are the same for every visitor.
 */
export function createPublicEventCaches(ttlMs: number) {
  // bounded: search strings are visitor input, so the key space is open
  const max = 500;
  return {
    detail: new Cache<string, Promise<EventDetail>>('public event detail', ttlMs, max),
    list: new Cache<string, Promise<EventList>>('public event list', ttlMs, max),
    /** the HTTP bodies, validated by the response schema once per fill, not per request */
    detailJson: new Cache<string, Promise<string>>('public event detail body', ttlMs, max),
    listJson: new Cache<string, Promise<string>>('public event list body', ttlMs, max),
  };
}

export type PublicEventCaches = ReturnType<typeof createPublicEventCaches>;
export type EventList = Awaited<ReturnType<typeof listEvents>>;

const listKey = (q: Parameters<typeof listEvents>[1], locale: Locale) =>
  JSON.stringify([locale, q.search, q.sort, q.page, q.per_page, !!q.upcoming, q.published_after ?? '']);
const detailKey = (slug: string, locale: Locale) => `${locale}|${slug}`;

/**
 * Forgets every public answer at once, after the back office changed an event (publish, edit,
 * a ticket type…), so this instance shows the change at once; other instances within one TTL.
 * Clearing everything is cheap (a TTL of a second refills it) and never misses a key.
 */
export function forgetPublicEvents(caches: PublicEventCaches): void {
  caches.detail.clear();
  caches.list.clear();
  caches.detailJson.clear();
  caches.listJson.clear();
}

/**
 * The body of GET /api/events/:slug, serialised once per TTL. It reads the database itself
 * (not through the object cache), so it is never older than one TTL either.
 */
export function eventDetailBodyCached(
  caches: PublicEventCaches,
  db: DbOrTx,
  slug: string,
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): Promise<string> {
  return caches.detailJson.through(detailKey(slug, locale), now.getTime(), async () =>
    JSON.stringify(eventDetailResponse.parse({ data: await getEventDetail(db, slug, now, locale) })),
  );
}

/** The body of GET /api/events for a validated query, serialised once per TTL. */
export function eventListBodyCached(
  caches: PublicEventCaches,
  db: DbOrTx,
  q: Parameters<typeof listEvents>[1],
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): Promise<string> {
  return caches.listJson.through(listKey(q, locale), now.getTime(), async () =>
    JSON.stringify(eventListResponse.parse(await listEvents(db, q, now, undefined, locale))),
  );
}

/** getEventDetail through the public cache (events.cache.ts says why it is safe). */
export function getEventDetailCached(
  caches: PublicEventCaches,
  db: DbOrTx,
  slug: string,
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): Promise<EventDetail> {
  return caches.detail.through(detailKey(slug, locale), now.getTime(), () =>
    getEventDetail(db, slug, now, locale),
  );
}

/** listEvents through the public cache; the key is the whole validated query. */
export function listEventsCached(
  caches: PublicEventCaches,
  db: DbOrTx,
  q: Parameters<typeof listEvents>[1],
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): Promise<EventList> {
  return caches.list.through(listKey(q, locale), now.getTime(), () =>
    listEvents(db, q, now, undefined, locale),
  );
}
