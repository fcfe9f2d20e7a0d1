/** Small statistics helpers: percentiles of latency samples and medians of repeated runs. */

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** One measured run: throughput of successful operations and their latency percentiles (ms). */
export interface RunFigures {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  /** answers that were not 2xx (HTTP) or statements that failed (SQL), by status or reason */
  other: Record<string, number>;
  errors: number;
  seconds: number;
  /** slowest answer of any kind (ms), ok or not */
  maxMs?: number;
}

/** Median of each figure over several runs (the machine is shared and noisy). */
export function medianOfRuns(runs: RunFigures[]): RunFigures {
  const other: Record<string, number> = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.other)) other[k] = (other[k] ?? 0) + v;
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    ok: runs.reduce((a, r) => a + r.ok, 0),
    other,
    errors: runs.reduce((a, r) => a + r.errors, 0),
    seconds: runs.reduce((a, r) => a + r.seconds, 0),
  };
}

/** Collects latency samples (ms) and turns them into figures. */
export class Recorder {
  private samples: number[] = [];
  ok = 0;
  errors = 0;
  other: Record<string, number> = {};
  maxMs = 0;

  success(ms: number) {
    this.ok++;
    this.samples.push(ms);
    if (ms > this.maxMs) this.maxMs = ms;
  }

  failure(reason: string, ms = 0) {
    this.other[reason] = (this.other[reason] ?? 0) + 1;
    if (ms > this.maxMs) this.maxMs = ms;
  }

  figures(seconds: number): RunFigures {
    const sorted = this.samples.sort((a, b) => a - b);
    return {
      rps: seconds > 0 ? this.ok / seconds : 0,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      ok: this.ok,
      other: this.other,
      errors: this.errors,
      seconds,
      maxMs: this.maxMs,
    };
  }
}
