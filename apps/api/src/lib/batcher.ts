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
