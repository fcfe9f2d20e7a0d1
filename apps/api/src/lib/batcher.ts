/**
 * Natural micro-batching: items submitted while `maxInFlight` batches are already running
 * wait and leave together as the next batch (up to `maxBatch`). A lone request goes at once,
 * so an idle server adds no delay; under load, many requests share one database call, one
 * round trip and one commit. Items submitted in the same tick of the event loop join the
 * same batch.
 *
 * `run` answers one output per item, in order. When it throws, every item of that batch
 * gets the error: callers that can recover (a deadlock, a concurrent duplicate) do so inside
 * `run`, item by item.
 */
export interface BatcherOptions<I, O> {
  maxBatch: number;
  maxInFlight: number;
  run: (items: I[]) => Promise<O[]>;
}

interface Waiting<I, O> {
  item: I;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

export function createBatcher<I, O>(opts: BatcherOptions<I, O>): (item: I) => Promise<O> {
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let pumpQueued = false;

  const settle = (batch: Waiting<I, O>[], outs: O[]) => {
    if (outs.length !== batch.length) throw new Error(`batch answered ${outs.length} of ${batch.length}`);
    batch.forEach((w, i) => w.resolve(outs[i]!));
  };

  const pump = () => {
    pumpQueued = false;
    while (inFlight < opts.maxInFlight && queue.length) {
      const batch = queue.splice(0, opts.maxBatch);
      inFlight++;
      opts
        .run(batch.map((w) => w.item))
        .then((outs) => settle(batch, outs))
        .catch((err: unknown) => batch.forEach((w) => w.reject(err)))
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!pumpQueued) {
        pumpQueued = true;
        queueMicrotask(pump);
      }
    });
}

/**
 * One batcher per database handle (tests open several databases in one process), made on
 * first use.
 */
export function batcherPerDatabase<D extends object, I, O>(
  make: (db: D) => BatcherOptions<I, O>,
): (db: D, item: I) => Promise<O> {
  const batchers = new WeakMap<D, (item: I) => Promise<O>>();
  return (db, item) => {
    let submit = batchers.get(db);
    if (!submit) {
      submit = createBatcher(make(db));
      batchers.set(db, submit);
    }
    return submit(item);
  };
}

/** Ascending order of numbers or strings, for the keys of inLockOrder. */
export const ascending = (a: number | string, b: number | string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Runs `run` on the items sorted by `compare` and answers its outputs in the items' own order.
 * Batches that lock rows sort by the row so that concurrent batches take their locks in one
 * order; the sort is stable, so items on the same row keep their arrival order.
 */
export async function inLockOrder<I, O>(
  items: I[],
  compare: (a: I, b: I) => number,
  run: (sorted: I[]) => Promise<O[]>,
): Promise<O[]> {
  const order = items.map((_, i) => i).sort((a, b) => compare(items[a]!, items[b]!) || a - b);
  const sorted = await run(order.map((i) => items[i]!));
  const out: O[] = new Array(items.length);
  order.forEach((itemIndex, pos) => (out[itemIndex] = sorted[pos]!));
  return out;
}
