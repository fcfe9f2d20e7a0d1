import { describe, expect, it } from 'vitest';
import { ascending, batchOrEach, createBatcher, inLockOrder } from '../src/lib/batcher';

/** A run whose calls stay open until released, recording what each call received. */
function gatedRun() {
  const calls: number[][] = [];
  const gates: (() => void)[] = [];
  const run = (items: number[]) => {
    calls.push(items);
    return new Promise<number[]>((resolve) => gates.push(() => resolve(items.map((n) => n * 10))));
  };
  return { calls, gates, run };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('micro-batcher', () => {
  it('sends a lone item at once and answers it', async () => {
    const { calls, gates, run } = gatedRun();
    const submit = createBatcher({ maxBatch: 8, maxInFlight: 1, run });
    const answer = submit(1);
    await tick();
    expect(calls).toEqual([[1]]);
    gates[0]!();
    expect(await answer).toBe(10);
  });

  it('gathers items that arrive while calls are in flight into the next call, up to maxBatch', async () => {
    const { calls, gates, run } = gatedRun();
    const submit = createBatcher({ maxBatch: 3, maxInFlight: 1, run });
    const first = submit(1);
    await tick();
    const rest = [2, 3, 4, 5, 6].map(submit);
    await tick();
    expect(calls).toEqual([[1]]); // the others wait for the call in flight
    gates[0]!();
    await first;
    await tick();
    expect(calls).toEqual([[1], [2, 3, 4]]);
    gates[1]!();
    await tick();
    expect(calls).toEqual([[1], [2, 3, 4], [5, 6]]);
    gates[2]!();
    expect(await Promise.all(rest)).toEqual([20, 30, 40, 50, 60]);
  });

  it('never sends a second call for a row a call in flight holds; other rows go at once', async () => {
    const { calls, gates, run } = gatedRun();
    // odd items lock the hot row 'a'; even items each lock a row of their own
    const submit = createBatcher({
      maxBatch: 8,
      maxInFlight: 2,
      run,
      lockKeys: (n: number) => (n % 2 ? ['a'] : [`row${n}`]),
    });
    const first = submit(1);
    await tick();
    const rest = [3, 2, 5, 4].map(submit);
    await tick();
    // 3 and 5 wait for the call holding 'a'; 2 and 4 take the second call, in arrival order
    expect(calls).toEqual([[1], [2, 4]]);
    gates[1]!();
    await tick();
    expect(calls).toEqual([[1], [2, 4]]); // a free slot, but only 'a' items wait
    gates[0]!();
    await first;
    await tick();
    expect(calls).toEqual([[1], [2, 4], [3, 5]]); // together, one call
    gates[2]!();
    expect(await Promise.all(rest)).toEqual([30, 20, 50, 40]);
  });

  it('rejects every item of a failed call and goes on with the next', async () => {
    let failNext = true;
    const submit = createBatcher<number, number>({
      maxBatch: 8,
      maxInFlight: 1,
      run: async (items) => {
        if (failNext) {
          failNext = false;
          throw new Error('boom');
        }
        return items;
      },
    });
    const failed = [submit(1), submit(2)].map((p) =>
      p.then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    );
    expect(await Promise.all(failed)).toEqual(['boom', 'boom']);
    expect(await submit(3)).toBe(3);
  });

  it('inLockOrder runs the items sorted (stable) and answers in their own order', async () => {
    const items = [
      { row: 'b', n: 1 },
      { row: 'a', n: 2 },
      { row: 'b', n: 3 },
      { row: 'a', n: 4 },
    ];
    let seen: number[] = [];
    const out = await inLockOrder(
      items,
      (x, y) => ascending(x.row, y.row),
      async (sorted) => {
        seen = sorted.map((i) => i.n);
        return sorted.map((i) => `${i.row}${i.n}`);
      },
    );
    expect(seen).toEqual([2, 4, 1, 3]);
    expect(out).toEqual(['b1', 'a2', 'b3', 'a4']);
  });

  it('redoes a batch item by item only on an error that wrote nothing', async () => {
    const retryable = Object.assign(new Error('deadlock'), { code: '40P01' });
    const redo = (err: unknown) => (err as { code?: string }).code === '40P01';
    const each = async (n: number) => n * 10;
    const failing = (err: Error) => async () => Promise.reject(err);
    expect(await batchOrEach([1, 2, 3], failing(retryable), each, redo)).toEqual([10, 20, 30]);
    await expect(batchOrEach([1, 2], failing(new Error('other')), each, redo)).rejects.toThrow('other');
    // a lone item's error is its own: not retried
    await expect(batchOrEach([1], failing(retryable), each, redo)).rejects.toThrow('deadlock');
  });
});
