import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { Cache } from './cache';

describe('Cache (the public catalogue, 1 s)', () => {
  it('serves one read to every request inside the TTL and reads again after it', async () => {
    const cache = new Cache<string, Promise<number>>('t', 1000, 500);
    let reads = 0;
    const load = () => Promise.resolve(++reads);
    expect(await cache.through('k', 10_000, load)).toBe(1);
    expect(await cache.through('k', 10_500, load)).toBe(1);
    expect(await cache.through('k', 10_999, load)).toBe(1);
    // exactly one second after the read started, the entry is no longer served
    expect(await cache.through('k', 11_000, load)).toBe(2);
    expect(await cache.through('other', 11_000, load)).toBe(3);
  });

  it('shares one read between concurrent misses', async () => {
    const cache = new Cache<string, Promise<string>>('t', 1000, 500);
    let reads = 0;
    let release!: (v: string) => void;
    const load = () => {
      reads++;
      return new Promise<string>((r) => (release = r));
    };
    const a = cache.through('k', 0, load);
    const b = cache.through('k', 5, load);
    release('x');
    expect(await Promise.all([a, b])).toEqual(['x', 'x']);
    expect(reads).toBe(1);
  });

  it('does not keep failures (a 404 is asked again next time)', async () => {
    const cache = new Cache<string, Promise<string>>('t', 1000, 500);
    await expect(cache.through('k', 0, () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    await Promise.resolve();
    expect(await cache.through('k', 1, () => Promise.resolve('ok'))).toBe('ok');
  });

  it('stays bounded when visitors send many different searches', async () => {
    const cache = new Cache<string, Promise<number>>('t', 1000, 3);
    let reads = 0;
    const load = () => Promise.resolve(++reads);
    for (const k of ['a', 'b', 'c', 'd', 'e']) await cache.through(k, 0, load);
    expect(reads).toBe(5);
    expect(cache.size).toBe(3);
    expect(await cache.through('e', 1, load)).toBe(5);
  });

  it('is off with a TTL of 0, 1 s by default (in tests too, unless they say otherwise), capped at 10 s', async () => {
    const ttl = (env: Record<string, string>) => loadConfig(env).PUBLIC_CACHE_MS;
    expect(ttl({})).toBe(1000);
    // no test-runner switch: NODE_ENV=test keeps the production default; tests set 0 themselves
    expect(ttl({ NODE_ENV: 'test' })).toBe(1000);
    expect(ttl({ PUBLIC_CACHE_MS: '0' })).toBe(0);
    expect(ttl({ PUBLIC_CACHE_MS: '250', NODE_ENV: 'test' })).toBe(250);
    expect(ttl({ PUBLIC_CACHE_MS: '999999' })).toBe(10_000);
    // validated at start-up: a value that is not a number of milliseconds refuses to start
    expect(() => ttl({ PUBLIC_CACHE_MS: 'soon' })).toThrow(/PUBLIC_CACHE_MS/);
    const off = new Cache<string, Promise<number>>('t', 0, 10);
    let reads = 0;
    await off.through('k', 0, () => Promise.resolve(++reads));
    await off.through('k', 0, () => Promise.resolve(++reads));
    expect(reads).toBe(2);
    expect(off.size).toBe(0);
  });
});

describe('Cache (bounded, TTL, clock passed in)', () => {
  it('drops the oldest entry when full; a re-stored key counts as new', () => {
    const cache = new Cache<string, number>('t', 10_000, 2);
    cache.set('a', 1, 0);
    cache.set('b', 2, 1);
    cache.set('a', 3, 2); // a is now the newest
    cache.set('c', 4, 3); // drops b
    expect(cache.get('b', 4)).toBeUndefined();
    expect(cache.get('a', 4)).toBe(3);
    expect(cache.get('c', 4)).toBe(4);
  });

  it('forgets an entry at its TTL by the clock it is given, and on delete', () => {
    const cache = new Cache<number, string | null>('t', 5_000, 10);
    cache.set(1, null, 1_000);
    expect(cache.get(1, 5_999)).toBeNull(); // null is a value (e.g. "no such event")
    expect(cache.get(1, 6_000)).toBeUndefined();
    cache.set(2, 'x', 0);
    cache.delete(2);
    expect(cache.get(2, 1)).toBeUndefined();
  });

  it('keeps entries until evicted with an infinite TTL, and keeps nothing with a TTL of 0', () => {
    const forever = new Cache<number, string>('t', Infinity, 10);
    forever.set(1, 'k', 0);
    expect(forever.get(1, Number.MAX_SAFE_INTEGER)).toBe('k');
    const off = new Cache<number, string>('t', 0, 10);
    off.set(1, 'k', 0);
    expect(off.get(1, 0)).toBeUndefined();
  });
});
