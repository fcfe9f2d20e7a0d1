import { describe, expect, it } from 'vitest';
import { publicCacheMs, ShortCache } from './events.cache';

describe('ShortCache (public catalogue, 1 s)', () => {
  it('serves one read to every request inside the TTL and reads again after it', async () => {
    const cache = new ShortCache<number>(1000);
    let reads = 0;
    const load = () => Promise.resolve(++reads);
    expect(await cache.get('k', load, 10_000)).toBe(1);
    expect(await cache.get('k', load, 10_500)).toBe(1);
    expect(await cache.get('k', load, 10_999)).toBe(1);
    // exactly one second after the read started, the entry is no longer served
    expect(await cache.get('k', load, 11_000)).toBe(2);
    expect(await cache.get('other', load, 11_000)).toBe(3);
  });

  it('shares one read between concurrent misses', async () => {
    const cache = new ShortCache<string>(1000);
    let reads = 0;
    let release!: (v: string) => void;
    const load = () => {
      reads++;
      return new Promise<string>((r) => (release = r));
    };
    const a = cache.get('k', load, 0);
    const b = cache.get('k', load, 5);
    release('x');
    expect(await Promise.all([a, b])).toEqual(['x', 'x']);
    expect(reads).toBe(1);
  });

  it('does not keep failures (a 404 is asked again next time)', async () => {
    const cache = new ShortCache<string>(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('404')), 0)).rejects.toThrow('404');
    await Promise.resolve();
    expect(await cache.get('k', () => Promise.resolve('ok'), 1)).toBe('ok');
  });

  it('stays bounded when visitors send many different searches', async () => {
    const cache = new ShortCache<number>(1000, 3);
    let reads = 0;
    const load = () => Promise.resolve(++reads);
    for (const k of ['a', 'b', 'c', 'd', 'e']) await cache.get(k, load, 0);
    expect(reads).toBe(5);
    expect(await cache.get('e', load, 1)).toBe(5);
  });

  it('is off with a TTL of 0 and under the API tests, 1 s by default, capped at 10 s', () => {
    expect(publicCacheMs({})).toBe(1000);
    expect(publicCacheMs({ NODE_ENV: 'test' })).toBe(0);
    expect(publicCacheMs({ PUBLIC_CACHE_MS: '0' })).toBe(0);
    expect(publicCacheMs({ PUBLIC_CACHE_MS: '250', NODE_ENV: 'test' })).toBe(250);
    expect(publicCacheMs({ PUBLIC_CACHE_MS: '999999' })).toBe(10_000);
    expect(publicCacheMs({ PUBLIC_CACHE_MS: 'soon' })).toBe(1000);
  });
});
