import { randomBytes } from 'node:crypto';
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

const HOOKS_SECRET_KEY = randomBytes(32).toString('base64');

/** Settings of the services under test: quiet logs, a Redis key prefix of their own. */
export function serviceEnv(): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    QUEUE_PREFIX: `cwbench-${process.pid}`,
    HOOKS_SECRET_KEY,
  };
}

/**
 * The hook benchmarks deliver to a receiver on loopback, which only the test switch allows, and
 * the switch is refused in production: the hook-dispatcher alone runs with NODE_ENV=test (it
 * changes nothing else it does but the session cookie's Secure flag).
 */
export const BENCH_ENV_BY_SERVICE = {
  'hook-dispatcher': { NODE_ENV: 'test', HOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true' },
};

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
    envByService: BENCH_ENV_BY_SERVICE,
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
