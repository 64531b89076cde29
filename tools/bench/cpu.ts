import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc (USER_HZ; 100 on Linux). */
const TICKS = 100;

/** CPU seconds (user + system) a process has used, null when it is gone or not on Linux. */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}

/**
 * CPU seconds per process of the PostgreSQL backends serving `database` (their command line is
 * `postgres: <user> <database> <client>`); by pid, so that a backend ending meanwhile never
 * makes the sum go back.
 */
export function postgresBackendsCpu(database: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!command.startsWith('postgres: ') || command.split(' ')[2] !== database) continue;
      const seconds = processCpuSeconds(Number(entry));
      if (seconds !== null) byPid.set(Number(entry), seconds);
    } catch {
      // exited meanwhile
    }
  }
  return byPid;
}

/** Busy CPU seconds of the whole machine (all cores), from /proc/stat. */
export function machineBusySeconds(): number {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
    return (user + nice + system + irq + softirq + steal) / TICKS;
  } catch {
    return Number.NaN;
  }
}

type Reading = number | null | Map<number, number>;

export type CpuSources = Record<string, () => Reading>;

function used(start: Reading, end: Reading): number | null {
  if (start === null || end === null) return null;
  if (typeof start === 'number' || typeof end === 'number')
    return typeof start === 'number' && typeof end === 'number' ? end - start : null;
  let total = 0;
  for (const [pid, seconds] of end) total += seconds - (start.get(pid) ?? 0);
  return total;
}

/** Starts counting; the returned function gives the CPU seconds each source used since. */
export function startCpuMeter(sources: CpuSources): () => Record<string, number | null> {
  const before = new Map(Object.entries(sources).map(([name, read]) => [name, read()]));
  return () =>
    Object.fromEntries(
      Object.entries(sources).map(([name, read]) => [name, used(before.get(name) ?? null, read())]),
    );
}

/** This process's own CPU seconds (the load generator). */
export const selfCpuSeconds = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};
