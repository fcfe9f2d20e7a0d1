/**
 * A short-lived in-process cache for the public catalogue reads (GET /api/events and
 * GET /api/events/:slug), so a burst of visitors on one event page costs one query per
 * second instead of one per request.
 *
 * Freshness: an entry is stamped with the moment its database read STARTED and is never
 * served once `ttlMs` has passed since then, so an answer is at most `ttlMs` old — a
 * ticket type that sells out shows as available for at most that long (1 s by default),
 * and the purchase itself is always checked against the database (reservations lock
 * stock), so a stale page can never sell a ticket twice. Concurrent misses share one read.
 * Failures (404 included) are not cached. Sessions are not involved: these answers are
 * the same for every visitor.
 */
export class ShortCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    // bounded: search strings are visitor input, so the key space is open
    if (this.entries.size >= this.maxEntries) this.prune(now);
    const value = load();
    const entry = { at: now, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  private prune(now: number) {
    for (const [k, e] of this.entries) if (now - e.at >= this.ttlMs) this.entries.delete(k);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}

/** TTL of the public catalogue cache: PUBLIC_CACHE_MS (default 1000; 0 turns it off). */
export function publicCacheMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PUBLIC_CACHE_MS;
  if (raw !== undefined && raw !== '') {
    const n = Number(raw);
    if (Number.isFinite(n) && n >= 0) return Math.min(n, 10_000);
  }
  // API tests change stock and read it back at once; they test the cache on its own
  return env.NODE_ENV === 'test' || env.VITEST ? 0 : 1000;
}
