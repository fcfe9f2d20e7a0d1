import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunFigures } from './stats';

export interface BaselineRow {
  name: string;
  title: string;
  figures: RunFigures | null;
  skipped?: string;
  /** CPU ms the server process spent per successful answer (all runs), when measurable */
  cpuMsPerOk?: number;
  /** the same for every local `postgres` process */
  dbCpuMsPerOk?: number;
}

export interface ScenarioRow {
  name: string;
  title: string;
  baseline: string;
  figures: RunFigures | null;
  skipped?: string;
  note?: string;
  /** median over the runs of scenario rps / the rps of the baseline run just before it */
  ratio?: number;
  /** the same for p99 */
  p99Ratio?: number;
  /** median figures of the baseline runs measured alongside (one before each run) */
  pairedBaseline?: RunFigures;
  /** CPU ms the app process spent per successful answer (all runs), when measurable */
  cpuMsPerOk?: number;
  /** the same for the bench process, which runs the load generator */
  loadCpuMsPerOk?: number;
  /** the same for every local `postgres` process, when the database runs on this machine */
  dbCpuMsPerOk?: number;
  /** the database's CPU per operation of the baseline runs alongside */
  pairedBaselineDbCpuMsPerOk?: number;
  /** share of the machine's CPU time busy during the runs (all processes, kernel included) */
  machineBusy?: number;
  /** the kernel's network (softirq) and the hypervisor's steal time per successful answer */
  softirqMsPerOk?: number;
  stealMsPerOk?: number;
  /** --overload: the scenario driven at twice its measured rate, then one quiet request */
  overload?: OverloadFigures;
}

export interface OverloadFigures {
  /** requests per second offered (2 × the measured rate) and connections used */
  rate: number;
  connections: number;
  ok: number;
  /** 503/429 answers, all with Retry-After */
  shed: number;
  /** 5xx answers other than 503 */
  errors5xx: number;
  /** other answers by status or reason (refusals the scenario counts as not ok) */
  other: Record<string, number>;
  /** socket errors and client timeouts (10 s) */
  socketErrors: number;
  maxMs: number;
  /** latency of single requests right after the load stopped */
  recoveryMs: number;
}

export interface BenchReport {
  date: string;
  startedAt: string;
  database: string;
  driver: string;
  machine: string;
  settings: { durationSeconds: number; runs: number; connections: number; dbConnections: number };
  baselines: BaselineRow[];
  scenarios: ScenarioRow[];
}

export const machineLine = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const cpu = (n?: number) => (n === undefined ? '' : n.toFixed(2));
const pct = (r?: number) => (r === undefined ? '' : `${Math.round(r * 100)}%`);

function otherText(f: RunFigures | null) {
  if (!f) return '';
  const parts = Object.entries(f.other).map(([k, v]) => `${k}×${v}`);
  if (f.errors) parts.push(`socket errors×${f.errors}`);
  return parts.join(' ');
}

/** A Markdown table: one row per baseline and scenario. */
export function markdownTable(r: BenchReport): string {
  const lines = [
    '| what | req/s (ops/s) | p50 ms | p99 ms | server CPU ms/answer | compared with | ratio req/s | ratio p99 | not ok | note |',
    '|---|---:|---:|---:|---:|---|---:|---:|---|---|',
  ];
  for (const b of r.baselines) {
    if (!b.figures) {
      lines.push(`| **${b.title}** (baseline) | – | – | – | | | | | | skipped: ${b.skipped ?? ''} |`);
      continue;
    }
    lines.push(
      `| **${b.title}** (baseline) | ${fmt(b.figures.rps)} | ${ms(b.figures.p50)} | ${ms(b.figures.p99)} | ${cpu(b.cpuMsPerOk)} | | | | ${otherText(b.figures)} | ${b.dbCpuMsPerOk === undefined ? '' : `database CPU ${cpu(b.dbCpuMsPerOk)} ms per op`} |`,
    );
  }
  for (const s of r.scenarios) {
    if (!s.figures) {
      lines.push(`| ${s.title} | – | – | – | | ${s.baseline} | | | | skipped: ${s.skipped ?? ''} |`);
      continue;
    }
    lines.push(
      `| ${s.title} | ${fmt(s.figures.rps)} | ${ms(s.figures.p50)} | ${ms(s.figures.p99)} | ${cpu(s.cpuMsPerOk)} | ${s.baseline}${s.pairedBaseline ? ` (${fmt(s.pairedBaseline.rps)}/s alongside)` : ''} | ${pct(s.ratio)} | ${s.p99Ratio === undefined ? '' : s.p99Ratio.toFixed(1) + '×'} | ${otherText(s.figures)} | ${s.note ?? ''} |`,
    );
  }
  const split = r.scenarios.filter((s) => s.figures && s.dbCpuMsPerOk !== undefined);
  if (split.length) {
    // a run that leaves the machine partly idle is bound by something other than CPU:
    // latency (too few clients for the pipeline), a lock, a disk
    lines.push(
      '',
      '| where the CPU went, ms per answer | app | load generator | database | kernel network (softirq) | steal | machine busy | database per op, baseline alongside |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const s of split)
      lines.push(
        `| ${s.title} | ${cpu(s.cpuMsPerOk)} | ${cpu(s.loadCpuMsPerOk)} | ${cpu(s.dbCpuMsPerOk)} | ${cpu(s.softirqMsPerOk)} | ${cpu(s.stealMsPerOk)} | ${pct(s.machineBusy)} | ${cpu(s.pairedBaselineDbCpuMsPerOk)} |`,
      );
  }
  const over = r.scenarios.filter((s) => s.overload);
  if (over.length) {
    lines.push(
      '',
      '| overload at 2× the measured rate | offered req/s | connections | ok | shed 503/429 | other 5xx | socket errors / timeouts | slowest answer ms | first request after, ms | other |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const s of over) {
      const o = s.overload!;
      const other = Object.entries(o.other)
        .map(([k, v]) => `${k}×${v}`)
        .join(' ');
      lines.push(
        `| ${s.title} | ${fmt(o.rate)} | ${o.connections} | ${fmt(o.ok)} | ${fmt(o.shed)} | ${o.errors5xx} | ${o.socketErrors} | ${fmt(o.maxMs)} | ${ms(o.recoveryMs)} | ${other} |`,
      );
    }
  }
  return lines.join('\n');
}

export function markdownReport(r: BenchReport): string {
  return [
    `# Bench ${r.date}`,
    '',
    `- Database: ${r.database}`,
    `- Machine: ${r.machine}`,
    `- Each figure is the median of ${r.settings.runs} run(s) of ${r.settings.durationSeconds} s; each scenario run follows one run of its baseline, and its ratios are the medians of those pairs; HTTP load with ${r.settings.connections} connections (autocannon), raw SQL with ${r.settings.dbConnections} connections.`,
    '- req/s counts successful answers only; "not ok" lists the other answers by status or reason.',
    '',
    markdownTable(r),
    '',
  ].join('\n');
}

/** Writes bench/results/<date>-<driver>[-partial].json and .md and answers their paths. */
export function writeResults(dir: string, r: BenchReport, partial: boolean): string[] {
  fs.mkdirSync(dir, { recursive: true });
  // Quick or --only runs never overwrite the day's full results.
  const base = path.join(dir, `${r.date}-${r.driver}${partial ? '-partial' : ''}`);
  fs.writeFileSync(`${base}.json`, JSON.stringify(r, null, 2) + '\n');
  fs.writeFileSync(`${base}.md`, markdownReport(r));
  return [`${base}.json`, `${base}.md`];
}
