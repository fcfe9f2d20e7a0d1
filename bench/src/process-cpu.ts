import fs from 'node:fs';

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux), or null.
 * CPU per answer is the figure that stays meaningful on a shared, noisy machine: other
 * processes stretch wall-clock latencies but barely change what one request costs.
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name (which may hold spaces) start at the state, field 3
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime (14) + stime (15)
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}
