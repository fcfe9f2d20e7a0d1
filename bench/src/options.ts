/**
 * Bench options from the command line and the environment:
 *   --quick                  one short run per scenario (smoke: about a minute)
 *   --only=a,b               run only these scenarios (baselines always run)
 *   --keep-db                keep the bench database on the PostgreSQL server afterwards
 *   --overload               after each scenario, drive it at twice its measured rate
 *   BENCH_DURATION=<s>       seconds per run (default 5, quick 2)
 *   BENCH_RUNS=<n>           runs per scenario, the median is reported (default 3, quick 1)
 *   BENCH_CONNECTIONS=<n>    HTTP connections (default 16)
 *   DATABASE_URL=postgres:// run on PostgreSQL (a fresh database is created on that server)
 */
export interface BenchOptions {
  quick: boolean;
  durationSeconds: number;
  runs: number;
  connections: number;
  dbConnections: number;
  only: string[] | null;
  keepDb: boolean;
  overload: boolean;
  databaseUrl: string | undefined;
}

function positiveNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

export function readOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const quick = argv.includes('--quick') || env.BENCH_QUICK === '1';
  const onlyArg = argv.find((a) => a.startsWith('--only='));
  const unknown = argv.filter((a) => a.startsWith('--') && !/^--(quick|keep-db|overload|only=.*)$/.test(a));
  if (unknown.length) throw new Error(`unknown option(s): ${unknown.join(' ')}`);
  return {
    quick,
    durationSeconds: positiveNumber(env.BENCH_DURATION, 'BENCH_DURATION') ?? (quick ? 2 : 5),
    runs: Math.round(positiveNumber(env.BENCH_RUNS, 'BENCH_RUNS') ?? (quick ? 1 : 3)),
    connections: Math.round(positiveNumber(env.BENCH_CONNECTIONS, 'BENCH_CONNECTIONS') ?? 16),
    dbConnections: 16,
    only: onlyArg
      ? onlyArg
          .slice('--only='.length)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : null,
    keepDb: argv.includes('--keep-db'),
    overload: argv.includes('--overload'),
    databaseUrl: env.DATABASE_URL || undefined,
  };
}
