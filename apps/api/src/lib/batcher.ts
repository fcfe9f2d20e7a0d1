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
 *
 * With `lockKeys` (the rows an item's write locks), a second call goes out only with items
 * whose rows no call in flight holds; the others wait for the next call. Orders spread over
 * many ticket types then use every call in flight, while orders for one hot type go one
 * call at a time, as one growing batch, instead of a second call queueing in PostgreSQL on
 * the row the first one holds until it commits.
 */
export interface BatcherOptions<I, O> {
  maxBatch: number;
  maxInFlight: number;
  run: (items: I[]) => Promise<O[]>;
  lockKeys?: (item: I) => readonly string[];
}

interface Waiting<I, O> {
  item: I;
  keys: readonly string[];
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

export function createBatcher<I, O>(opts: BatcherOptions<I, O>): (item: I) => Promise<O> {
  let queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let pumpQueued = false;
  /** lock key → how many calls in flight hold it */
  const held = new Map<string, number>();

  const settle = (batch: Waiting<I, O>[], outs: O[]) => {
    if (outs.length !== batch.length) throw new Error(`batch answered ${outs.length} of ${batch.length}`);
    batch.forEach((w, i) => w.resolve(outs[i]!));
  };

  /** The next batch: the first items, in arrival order, whose rows no call in flight holds. */
  const takeBatch = (): Waiting<I, O>[] => {
    if (!held.size) return queue.splice(0, opts.maxBatch);
    const batch: Waiting<I, O>[] = [];
    const rest: Waiting<I, O>[] = [];
    for (const w of queue)
      (batch.length < opts.maxBatch && !w.keys.some((k) => held.has(k)) ? batch : rest).push(w);
    queue = rest;
    return batch;
  };

  const hold = (batch: Waiting<I, O>[], by: 1 | -1) => {
    for (const k of new Set(batch.flatMap((w) => w.keys))) {
      const n = (held.get(k) ?? 0) + by;
      if (n > 0) held.set(k, n);
      else held.delete(k);
    }
  };

  const pump = () => {
    pumpQueued = false;
    while (inFlight < opts.maxInFlight && queue.length) {
      const batch = takeBatch();
      if (!batch.length) return; // every item waits for a row a call in flight holds
      inFlight++;
      hold(batch, 1);
      opts
        .run(batch.map((w) => w.item))
        .then((outs) => settle(batch, outs))
        .catch((err: unknown) => batch.forEach((w) => w.reject(err)))
        .finally(() => {
          inFlight--;
          hold(batch, -1);
          pump();
        });
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, keys: opts.lockKeys?.(item) ?? [], resolve, reject });
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

/**
 * Runs the items as one call; when that call fails with an error `redo` accepts (one that
 * guarantees it wrote nothing: a deadlock, a concurrent duplicate), runs each item in a call
 * of its own, in order. A lone item's error is its own and is thrown.
 */
export async function batchOrEach<I, O>(
  items: I[],
  batch: (items: I[]) => Promise<O[]>,
  each: (item: I) => Promise<O>,
  redo: (err: unknown) => boolean,
): Promise<O[]> {
  try {
    return await batch(items);
  } catch (err) {
    if (items.length === 1 || !redo(err)) throw err;
    const out: O[] = [];
    for (const item of items) out.push(await each(item));
    return out;
  }
}
