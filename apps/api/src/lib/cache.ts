/**
 * The one in-process cache of the API: bounded, with a time to live, the clock passed in.
 *
 * - Bounded: at `maxEntries` the oldest entry is dropped (entries are kept in the order they
 *   were stored, and a cache has one TTL, so the oldest is also the first to expire). Keys are
 *   often visitor input (searches, API keys), so the key space is open.
 * - TTL: an entry stored at `now` is served while `now' - now < ttlMs`, never after; a TTL of
 *   0 turns the cache off (every read goes to `load`), `Infinity` keeps entries until evicted.
 * - The clock is a parameter (`now`, ms): tests are exact, nothing reads the time here.
 * - No module globals: the app creates its caches (`createAppCaches`) and owns them, so two
 *   apps in one process (tests, benchmarks) never share a copy.
 *
 * `undefined` cannot be cached (it means "absent"); `null` can.
 */
export class Cache<K, V> {
  private readonly entries = new Map<K, { at: number; value: V }>();

  constructor(
    /** shown in docs and logs: which cache this is */
    readonly name: string,
    readonly ttlMs: number,
    readonly maxEntries: number,
  ) {
    if (!(ttlMs >= 0)) throw new Error(`cache ${name}: ttlMs must be >= 0`);
    if (!(maxEntries >= 1)) throw new Error(`cache ${name}: maxEntries must be >= 1`);
  }

  /** False when the TTL is 0: nothing is kept. */
  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value stored for `key` if it is still fresh at `now`. */
  get(key: K, now: number): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.at < this.ttlMs) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Stores `value` as read at `now` (a no-op when the cache is off). */
  set(key: K, value: V, now: number): void {
    if (!this.enabled) return;
    // re-stored keys move to the end, so the Map's order stays the order of storing
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { at: now, value });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /**
   * The fresh value of `key`, else `load()`'s, stored as read at `now` (the moment the read
   * STARTED, so an answer is never older than the TTL). Concurrent misses share one read when
   * `load` answers a promise; a promise that rejects is dropped, so failures are never kept.
   */
  through(key: K, now: number, load: () => V): V {
    if (!this.enabled) return load();
    const hit = this.get(key, now);
    if (hit !== undefined) return hit;
    const value = load();
    this.set(key, value, now);
    if (value instanceof Promise)
      value.catch(() => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
      });
    return value;
  }
}
