import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../local-stack/ports';
import { type RunningSystem, type SystemMode, startSystem } from '../start/system';

export const REPO_ROOT = join(__dirname, '../../..');

export interface TimedSystem {
  system: RunningSystem;
  /** From the startSystem call until every process answered /ready. */
  startSeconds: number;
  gatewayUrl: string;
  /** The wiki-service's own address (requests sent there skip the gateway). */
  wikiUrl: string;
}

/** Settings of the services under test: quiet logs, a Redis key prefix of their own. */
export function serviceEnv(): Record<string, string> {
  return { LOG_LEVEL: 'warn', NODE_ENV: 'production', QUEUE_PREFIX: `cwbench-${process.pid}` };
}

export async function startTimedSystem(
  databaseUrl: string,
  redisUrl: string,
  mode: SystemMode = 'six-processes',
): Promise<TimedSystem> {
  const gatewayPort = await freePort();
  const started = process.hrtime.bigint();
  const system = await startSystem({
    mode,
    databaseUrl,
    redisUrl,
    gatewayPort,
    logDir: join(REPO_ROOT, '.data', 'logs', 'bench'),
    distDir: join(REPO_ROOT, 'dist'),
    env: serviceEnv(),
  });
  const startSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const wiki = system.processes.find((running) => running.name === 'wiki-service');
  return {
    system,
    startSeconds,
    gatewayUrl: system.gatewayUrl,
    wikiUrl: wiki?.url ?? system.gatewayUrl,
  };
}

/** Resident set size of a process in MB (VmRSS of /proc/<pid>/status), null when unknown. */
export function residentMegabytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export function residentSizes(system: RunningSystem): { name: string; mb: number | null }[] {
  return system.processes.map((running) => ({
    name: running.name,
    mb: residentMegabytes(running.child.pid),
  }));
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
