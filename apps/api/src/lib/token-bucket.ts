import { rateLimitedError } from './errors';

export interface TokenBucketOptions {
  /** tokens added per second (the sustained rate allowed) */
  ratePerSecond: number;
  /** bucket size: how many requests a key may send at once after a quiet moment */
  burst: number;
  /** keys kept at most; past it the map is cleared (a key then starts with a full bucket) */
  maxKeys?: number;
}

/**
 * In-process token buckets by key, for hot paths where a database counter (hitLimit) would
 * add a round trip per request. PER INSTANCE: each API process keeps its own buckets, so
 * with N instances behind a balancer a key may reach N × the rate. Use it only for limits a
 * legitimate client never comes near (a guard against a runaway or stolen credential), and
 * hitLimit for limits that must hold across instances.
 */
export function tokenBuckets(opts: TokenBucketOptions) {
  const maxKeys = opts.maxKeys ?? 10_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    /**
     * Takes one token for `key`, or throws 429 rate_limited with Retry-After (whole seconds
     * until a token is back, at least 1).
     */
    take(key: string, nowMs: number): void {
      let b = buckets.get(key);
      if (!b) {
        if (buckets.size >= maxKeys) buckets.clear();
        b = { tokens: opts.burst, at: nowMs };
        buckets.set(key, b);
      } else {
        b.tokens = Math.min(opts.burst, b.tokens + ((nowMs - b.at) / 1000) * opts.ratePerSecond);
        b.at = nowMs;
      }
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return;
      }
      const seconds = Math.max(1, Math.ceil((1 - b.tokens) / opts.ratePerSecond));
      throw rateLimitedError(seconds);
    },
    /** forgets every bucket (tests) */
    clear(): void {
      buckets.clear();
    },
  };
}
