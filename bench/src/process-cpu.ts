import fs from 'node:fs';

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux), or null.
 * CPU per answer is the figure that stays meaningful on a shared, noisy machine: other
 * processes stretch wall-clock latencies but barely change what one request costs.
 */
function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = statFields(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return ticksToMs(fields[11], fields[12]); // utime (14) + stime (15)
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) the local PostgreSQL server has used so far, or null when it runs elsewhere
 * (or under PGlite): every live `postgres` process, plus the time of the backends that
 * exited, which the postmaster collects as its children's time when it reaps them.
 */
function postgresCpuMs(): number | null {
  const procs: { pid: string; ppid: string; own: number; children: number }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = statFields(stat);
      procs.push({
        pid: entry,
        ppid: fields[1]!,
        own: ticksToMs(fields[11], fields[12]), // utime (14) + stime (15)
        children: ticksToMs(fields[13], fields[14]), // cutime (16) + cstime (17)
      });
    } catch {
      // the process ended between the listing and the read
    }
  }
  if (!procs.length) return null;
  const pids = new Set(procs.map((p) => p.pid));
  return procs.reduce((sum, p) => sum + p.own + (pids.has(p.ppid) ? 0 : p.children), 0);
}

/** The fields after the command name (which may hold spaces), from the state (field 3) on. */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function ticksToMs(a: string | undefined, b: string | undefined): number {
  return ((Number(a) + Number(b)) * 1000) / 100; // USER_HZ is 100 on Linux
}

/** The whole machine's CPU time so far (ms, summed over CPUs), busy and idle, from /proc/stat. */
export interface MachineCpu {
  busy: number;
  idle: number;
  softirq: number;
  steal: number;
}

function machineCpuMs(): MachineCpu | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest is in user)
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map((v) => (Number(v) * 1000) / 100);
    return {
      busy: user! + nice! + system! + irq! + softirq! + steal!,
      idle: idle! + iowait!,
      softirq: softirq!,
      steal: steal!,
    };
  } catch {
    return null;
  }
}

/** CPU time spent (ms) over a stretch: the app, this process (the load generator), the database, the machine. */
export interface CpuSpent {
  app: number | null;
  load: number;
  db: number | null;
  machine: MachineCpu | null;
}

export const noCpuSpent = (): CpuSpent => ({
  app: 0,
  load: 0,
  db: 0,
  machine: { busy: 0, idle: 0, softirq: 0, steal: 0 },
});

/** Starts measuring; the answer tells what was spent since. `appPid`: the server measured. */
export function cpuMeter(appPid: number | undefined): () => CpuSpent {
  const app = processCpuMs(appPid);
  const db = postgresCpuMs();
  const load = process.cpuUsage();
  const machine = machineCpuMs();
  return () => {
    const loadUsed = process.cpuUsage(load);
    return {
      app: combine(processCpuMs(appPid), app, -1),
      load: (loadUsed.user + loadUsed.system) / 1000,
      db: combine(postgresCpuMs(), db, -1),
      machine: combineMachine(machineCpuMs(), machine, -1),
    };
  };
}

/** The sum of two stretches; a figure unavailable in either is unavailable. */
export function addCpu(a: CpuSpent, b: CpuSpent): CpuSpent {
  return {
    app: combine(a.app, b.app, 1),
    load: a.load + b.load,
    db: combine(a.db, b.db, 1),
    machine: combineMachine(a.machine, b.machine, 1),
  };
}

/** a + b (k = 1) or a − b (k = −1); null when either is. */
const combine = (a: number | null, b: number | null, k: 1 | -1): number | null =>
  a === null || b === null ? null : a + k * b;

function combineMachine(a: MachineCpu | null, b: MachineCpu | null, k: 1 | -1): MachineCpu | null {
  if (!a || !b) return null;
  return {
    busy: a.busy + k * b.busy,
    idle: a.idle + k * b.idle,
    softirq: a.softirq + k * b.softirq,
    steal: a.steal + k * b.steal,
  };
}
