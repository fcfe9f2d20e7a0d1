/**
 * `npm run bench`: starts the real app (and a bare Fastify baseline) as child processes on a
 * fresh database, measures the baselines and every scenario whose endpoint exists, prints a
 * table and writes bench/results/<date>-<driver>.{json,md}. Benchmarks assert nothing.
 */
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { postgresTarget, pgliteTarget, reservationCeiling, type SqlTarget } from './ceilings';
import { httpLoad, type LoadSpec } from './http-load';
import { addCpu, cpuMeter, noCpuSpent } from './process-cpu';
import { readOptions, type BenchOptions } from './options';
import {
  machineLine,
  markdownTable,
  writeResults,
  type BaselineRow,
  type BenchReport,
  type OverloadFigures,
  type ScenarioRow,
} from './report';
import { randomClientIp, scenarios, type BaselineName, type ScenarioContext } from './scenarios';
import { startChild, type Child } from './child';
import { BENCH_PASSWORD, benchAppEnv, benchMobile, prepareDatabase, repoRoot, STOCK_ROWS } from './setup';
import { median, medianOfRuns, type RunFigures } from './stats';

const opts = readOptions(process.argv.slice(2), process.env);
const log = (msg: string) => console.log(msg);

async function repeat(runs: number, once: () => Promise<RunFigures>): Promise<RunFigures> {
  const all: RunFigures[] = [];
  for (let i = 0; i < runs; i++) all.push(await once());
  return medianOfRuns(all);
}

async function main() {
  if (process.argv[2] === 'backoffice-volume') {
    const { runBackofficeVolume } = await import('./backoffice-volume');
    return runBackofficeVolume(process.argv.slice(3));
  }
  if (process.argv[2] === 'attendee-export') {
    const { runAttendeeExport } = await import('./attendee-export');
    return runAttendeeExport(process.argv.slice(3));
  }
  const startedAt = new Date();
  log(
    `Bilheteira bench — ${opts.runs} run(s) × ${opts.durationSeconds} s per figure, ${opts.connections} HTTP connections`,
  );
  log(`machine: ${machineLine()}`);
  log(
    opts.databaseUrl
      ? 'database: PostgreSQL (DATABASE_URL), creating a fresh bench database…'
      : 'database: PGlite (DATABASE_URL not set): figures are for the embedded default, production runs on PostgreSQL',
  );

  const t0 = performance.now();
  const db = await prepareDatabase(opts.databaseUrl, opts.keepDb);
  log(`  ${db.describe} (migrated and seeded in ${Math.round(performance.now() - t0)} ms)`);

  const children: Child[] = [];
  let sqlTarget: SqlTarget | null = null;
  try {
    const app = await startChild(
      'apps/api/src/server.ts',
      { ...benchAppEnv(), ...db.appEnv },
      '/api/ready',
      90_000,
      // e.g. BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the app
      (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean),
    );
    children.push(app);
    const bare = await startChild(
      'bench/src/bare-server.ts',
      db.url ? { BENCH_DB_URL: db.url } : {},
      '/ready',
    );
    children.push(bare);
    log(`  app on ${app.url}, bare Fastify on ${bare.url}`);

    const doc = (await (await fetch(`${app.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = new Set<string>();
    for (const [p, methods] of Object.entries(doc.paths))
      for (const m of Object.keys(methods)) routes.add(`${m.toUpperCase()} ${p}`);

    /**
     * Runs the scenario `opts.runs` times, each run right after one run of `baselineRun`
     * when given (the machine drifts within minutes: a ratio is only fair against a baseline
     * measured in the same conditions). Answers the median figures, the CPU the server
     * process spent per successful answer (scenario runs only), and the median of the
     * per-pair ratios.
     */
    const loadWithCpu = async (
      server: Child,
      spec: LoadSpec,
      connections?: number,
      baselineRun?: () => Promise<RunFigures>,
    ) => {
      const runs: RunFigures[] = [];
      const baselineRuns: RunFigures[] = [];
      let spent = noCpuSpent();
      let baselineSpent = noCpuSpent();
      for (let i = 0; i < opts.runs; i++) {
        if (baselineRun) {
          const baselineMeter = cpuMeter(undefined);
          baselineRuns.push(await baselineRun());
          baselineSpent = addCpu(baselineSpent, baselineMeter());
        }
        const meter = cpuMeter(server.process.pid);
        runs.push(
          await httpLoad(server.url, spec, {
            seconds: opts.durationSeconds,
            connections: connections ?? opts.connections,
          }),
        );
        spent = addCpu(spent, meter());
      }
      const okTotal = runs.reduce((n, f) => n + f.ok, 0);
      const pairs = baselineRuns.map((b, i) => ({ base: b, run: runs[i]! })).filter((p) => p.base.rps > 0);
      const { machine } = spent;
      return {
        figures: medianOfRuns(runs),
        cpuMsPerOk: perOk(spent.app, okTotal),
        loadCpuMsPerOk: perOk(spent.load, okTotal),
        dbCpuMsPerOk: perOk(spent.db, okTotal),
        pairedBaselineDbCpuMsPerOk: perOk(
          baselineSpent.db,
          baselineRuns.reduce((n, f) => n + f.ok, 0),
        ),
        machineBusy: machine?.busy ? machine.busy / (machine.busy + machine.idle) : undefined,
        softirqMsPerOk: perOk(machine?.softirq ?? null, okTotal),
        stealMsPerOk: perOk(machine?.steal ?? null, okTotal),
        pairedBaseline: baselineRuns.length ? medianOfRuns(baselineRuns) : undefined,
        ratio: pairs.length ? median(pairs.map((p) => p.run.rps / p.base.rps)) : undefined,
        p99Ratio: pairs.length
          ? median(pairs.filter((p) => p.base.p99 > 0).map((p) => p.run.p99 / p.base.p99))
          : undefined,
      };
    };

    // Baselines of this run: each measured on its own here, and again right before every
    // run of a scenario compared with it (loadWithCpu).
    log('\nbaselines');
    sqlTarget = db.url ? postgresTarget(db.url, opts.dbConnections) : await pgliteTarget();
    const target = sqlTarget;
    const reservePath = (rows: number) => () => `/reserve/${rows === 1 ? 1 : 1 + randomInt(rows)}`;
    const httpRun = (url: string, spec: LoadSpec) => () =>
      httpLoad(url, spec, { seconds: opts.durationSeconds, connections: opts.connections });
    const bareSpec: LoadSpec = { method: 'GET', path: () => '/bare' };
    // the bare route is measured with its server's CPU per answer; the ceilings have no server
    const bareLoad = await loadWithCpu(bare, bareSpec);
    const baselines: Record<string, BaselineRow> = {
      bare: {
        name: 'bare',
        title: 'bare Fastify JSON route',
        figures: bareLoad.figures,
        cpuMsPerOk: bareLoad.cpuMsPerOk,
      },
    };
    printLine(baselines.bare!.title, bareLoad.figures, undefined, undefined, bareLoad.cpuMsPerOk);
    const ceilings: { name: BaselineName; title: string; run: (() => Promise<RunFigures>) | null }[] = [
      ...([1, STOCK_ROWS] as const).map((rows) => ({
        name: (rows === 1 ? 'row1' : 'row100') as BaselineName,
        title: `raw SQL reserve, ${rows === 1 ? 'one row' : '100 rows'} (${target.label})`,
        run: () => reservationCeiling(target, rows, opts.durationSeconds),
      })),
      // the same statement behind bare Fastify: what HTTP + Node alone leave of each ceiling
      ...([1, STOCK_ROWS] as const).map((rows) => ({
        name: (rows === 1 ? 'bareRow1' : 'bareRow100') as BaselineName,
        title: `bare Fastify + the ${rows === 1 ? 'one-row' : '100-row'} statement`,
        run: db.url ? httpRun(bare.url, { method: 'POST', path: reservePath(rows) }) : null,
      })),
    ];
    for (const b of ceilings) {
      if (!b.run) {
        baselines[b.name] = { name: b.name, title: b.title, figures: null, skipped: 'PostgreSQL only' };
        continue;
      }
      const meter = cpuMeter(bare.process.pid);
      const figures = await repeat(opts.runs, b.run);
      const spent = meter();
      // the bare server is idle during the raw SQL ceilings: its CPU belongs to its own rows
      const cpuMsPerOk = b.name.startsWith('bare') ? perOk(spent.app, figures.ok) : undefined;
      const dbCpuMsPerOk = perOk(spent.db, figures.ok);
      baselines[b.name] = { name: b.name, title: b.title, figures, cpuMsPerOk, dbCpuMsPerOk };
      printLine(b.title, figures, undefined, undefined, cpuMsPerOk);
      if (dbCpuMsPerOk !== undefined) log(`    database cpu ${dbCpuMsPerOk.toFixed(2)} ms per op`);
    }
    const baselineRun = (name: BaselineName) =>
      name === 'bare'
        ? httpRun(bare.url, bareSpec)
        : (ceilings.find((b) => b.name === name)?.run ?? undefined);

    // Scenarios.
    const tokens = new Map<number, string>();
    const ctx: ScenarioContext = {
      appUrl: app.url,
      routes,
      driver: db.driver,
      tickets: db.tickets,
      async json<T>(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
        const res = await fetch(app.url + p, {
          method,
          headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
          body: body !== undefined ? JSON.stringify(body) : undefined,
        });
        const text = await res.text();
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        return { status: res.status, body: parsed as T };
      },
      async token(i: number) {
        const cached = tokens.get(i);
        if (cached) return cached;
        const mobile = benchMobile(i);
        const res = await ctx.json<{ accessToken?: string }>(
          'POST',
          '/api/customers/login-password',
          { mobile_country_code: '351', mobile, login: mobile, password: BENCH_PASSWORD },
          { 'x-forwarded-for': randomClientIp() },
        );
        if (!res.body.accessToken) throw new Error(`bench login ${mobile} failed: ${res.status}`);
        tokens.set(i, res.body.accessToken);
        return res.body.accessToken;
      },
    };

    log('\nscenarios');
    const rows: ScenarioRow[] = [];
    for (const s of scenarios) {
      if (opts.only && !opts.only.includes(s.name)) continue;
      const row: ScenarioRow = {
        name: s.name,
        title: s.title,
        baseline: baselines[s.baseline]!.title,
        figures: null,
      };
      rows.push(row);
      if (!routes.has(s.route)) {
        row.skipped = `endpoint ${s.route} not in the API yet`;
        log(`  ${s.title.padEnd(58)} skipped: ${row.skipped}`);
        continue;
      }
      try {
        const prepared = await s.prepare(ctx);
        if (typeof prepared === 'string') {
          row.skipped = prepared;
          log(`  ${s.title.padEnd(58)} skipped: ${prepared}`);
          continue;
        }
        // Warm-up (JIT, caches, pools); also tells an absent endpoint from a slow one.
        const warm = await httpLoad(app.url, prepared.spec, {
          seconds: opts.quick ? 1 : 2,
          connections: prepared.connections ?? opts.connections,
        });
        if (warm.ok === 0 && warm.other['404']) {
          row.skipped = `endpoint answers 404`;
          log(`  ${s.title.padEnd(58)} skipped: ${row.skipped}`);
          continue;
        }
        const measured = await loadWithCpu(app, prepared.spec, prepared.connections, baselineRun(s.baseline));
        Object.assign(row, measured);
        row.note = prepared.note;
        printLine(s.title, measured.figures, row.ratio, s.baseline, row.cpuMsPerOk, row.pairedBaseline);
        printCpuSplit(row);
        if (opts.overload && measured.figures.rps > 0) {
          row.overload = await overload(app.url, prepared.spec, measured.figures.rps, opts);
          printOverload(row.overload);
        }
      } catch (err) {
        row.skipped = `failed: ${(err as Error).message}`;
        log(`  ${s.title.padEnd(58)} ${row.skipped}`);
      }
    }

    const report: BenchReport = {
      date: startedAt.toISOString().slice(0, 10),
      startedAt: startedAt.toISOString(),
      database: db.describe,
      driver: db.driver,
      machine: machineLine(),
      settings: {
        durationSeconds: opts.durationSeconds,
        runs: opts.runs,
        connections: opts.connections,
        dbConnections: opts.dbConnections,
      },
      baselines: Object.values(baselines),
      scenarios: rows,
    };
    log('\n' + markdownTable(report) + '\n');
    const files = writeResults(
      path.join(repoRoot, 'bench/results'),
      report,
      opts.quick || opts.only !== null,
    );
    log(`written: ${files.map((f) => path.relative(repoRoot, f)).join(', ')}`);
  } finally {
    await sqlTarget?.close();
    for (const c of children.reverse()) await c.stop();
    await db.dispose();
  }
}

/** CPU ms per successful answer (`ok` over all runs), when measured. */
function perOk(cpuMs: number | null, ok: number): number | undefined {
  return cpuMs !== null && ok > 0 ? cpuMs / ok : undefined;
}

/**
 * Twice the measured rate, offered by 8× the connections (autocannon paces each one), then
 * single requests as soon as it stops: what a client sees when the API is overloaded.
 */
async function overload(
  url: string,
  spec: LoadSpec,
  rps: number,
  opts: BenchOptions,
): Promise<OverloadFigures> {
  const connections = opts.connections * 8;
  const rate = Math.max(2, Math.round(2 * rps));
  const f = await httpLoad(url, spec, { seconds: opts.durationSeconds, connections, overallRate: rate });
  const after = await httpLoad(url, spec, { seconds: 1, connections: 1 });
  const other: Record<string, number> = {};
  let shed = 0;
  let errors5xx = 0;
  for (const [k, v] of Object.entries(f.other)) {
    if (k === '503' || k === '429') shed += v;
    else if (/^5\d\d$/.test(k)) errors5xx += v;
    else other[k] = v;
  }
  return {
    rate,
    connections,
    ok: f.ok,
    shed,
    errors5xx,
    other,
    socketErrors: f.errors,
    maxMs: f.maxMs ?? 0,
    recoveryMs: after.p50,
  };
}

function printOverload(o: OverloadFigures) {
  log(
    `    at 2× (${o.rate}/s offered, ${o.connections} conn.): ok ${o.ok}, shed ${o.shed}, other 5xx ${o.errors5xx}, socket errors ${o.socketErrors}, slowest ${Math.round(o.maxMs)} ms, next request ${o.recoveryMs.toFixed(1)} ms`,
  );
}

/** Where a scenario's CPU went per successful answer: app, load generator, database. */
function printCpuSplit(row: ScenarioRow) {
  const ms = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(2));
  log(
    `    cpu ms per answer: app ${ms(row.cpuMsPerOk)}, load generator ${ms(row.loadCpuMsPerOk)}, database ${ms(row.dbCpuMsPerOk)}, kernel network (softirq) ${ms(row.softirqMsPerOk)}, steal ${ms(row.stealMsPerOk)}; machine ${row.machineBusy === undefined ? '–' : Math.round(row.machineBusy * 100) + '%'} busy (the baseline alongside: database ${ms(row.pairedBaselineDbCpuMsPerOk)} per op)`,
  );
}

function printLine(
  title: string,
  f: RunFigures,
  ratio?: number,
  baseline?: string,
  cpuMs?: number,
  pairedBaseline?: RunFigures,
) {
  const other = Object.entries(f.other)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');
  log(
    `  ${title.padEnd(58)} ${f.rps.toFixed(0).padStart(7)} /s  p50 ${f.p50.toFixed(2).padStart(6)} ms  p99 ${f.p99
      .toFixed(2)
      .padStart(
        7,
      )} ms${cpuMs !== undefined ? `  cpu ${cpuMs.toFixed(2)} ms` : ''}${ratio !== undefined ? `  ${Math.round(ratio * 100)}% of ${baseline}${pairedBaseline ? ` (${pairedBaseline.rps.toFixed(0)}/s alongside)` : ''}` : ''}${other ? `  (not ok: ${other})` : ''}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
