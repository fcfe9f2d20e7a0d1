import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectErrorShape, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  // A tiny in-flight cap makes overload easy to reach in a test.
  t = await createTestApp({ config: { MAX_IN_FLIGHT: 4 } });
});
afterAll(() => t.close());

describe('overload', () => {
  it('sheds excess requests with 503 + Retry-After, never a 5xx error or a hang, then recovers', async () => {
    const burst = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({ url: '/api/events?search=fest', headers: { 'x-locale': 'en' } }),
      ),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThan(0);
    const shed = burst.filter((r) => r.statusCode === 503);
    expect(shed.length).toBeGreaterThan(0);
    expect(codes.every((c) => c === 200 || c === 503)).toBe(true);
    for (const r of shed) {
      expect(r.headers['retry-after']).toBe('1');
      expect(expectErrorShape(r).code).toBe('overloaded');
    }
    // load gone: the next requests are served at once
    const after = await Promise.all(Array.from({ length: 3 }, () => t.app.inject('/api/events')));
    expect(after.map((r) => r.statusCode)).toEqual([200, 200, 200]);
  });

  it('never sheds the liveness probe', async () => {
    const burst = await Promise.all(Array.from({ length: 20 }, () => t.app.inject('/api/health')));
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
  });
});
