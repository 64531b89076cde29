import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { freePort } from '../local-stack/ports';
import { benchMain, type BenchContext, type BenchData } from './bench-context';
import { REPO_ROOT, residentSizes, serviceEnv, sleep } from './bench-system';
import { type BenchReport, type Check, fixed, table } from './report';

export const RSS_LIMIT_MB = 150;
export const READY_LIMIT_SECONDS = 20;
export const IDLE_SECONDS = 5;

export interface NpmStartTiming {
  /** From spawning `npm start` until it printed that the system is ready (build included). */
  wallSeconds: number | null;
  /** The time `npm start` prints itself (from its own start, after the build). */
  ownSeconds: number | null;
  error?: string;
}

const READY_LINE = /is ready \(six processes, ([\d.]+) s\)/;
const STOP_TIMEOUT_MS = 30_000;

/**
 * Times `npm start` on the bench database (migrated and seeded, so no demo seed): spawned in a
 * process group of its own, stopped with SIGINT like Ctrl-C once it prints that it is ready.
 */
export async function timeNpmStart(data: BenchData): Promise<NpmStartTiming> {
  const started = process.hrtime.bigint();
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...serviceEnv(),
      DATABASE_URL: data.database.url,
      REDIS_URL: data.servers.redisUrl,
      PORT: String(await freePort()),
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const timing = await new Promise<NpmStartTiming>((resolve) => {
    const timer = setTimeout(
      () => resolve({ wallSeconds: null, ownSeconds: null, error: 'not ready within 60 s' }),
      60_000,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = READY_LINE.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          wallSeconds: Number(process.hrtime.bigint() - started) / 1e9,
          ownSeconds: Number(match[1]),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      resolve({
        wallSeconds: null,
        ownSeconds: null,
        error: `exited before ready: ${output.trim().split('\n').slice(-3).join(' / ')}`,
      });
    });
  });
  if (child.exitCode === null && child.pid !== undefined) {
    process.kill(-child.pid, 'SIGINT');
    const killer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(killer);
  }
  return timing;
}

/**
 * B: resident memory of each process after the start and IDLE_SECONDS idle, and the start time
 * of the six processes (startSystem until every /ready answers, on a migrated database).
 */
export async function footprintBench(
  context: BenchContext,
  npmStart: NpmStartTiming | null = null,
): Promise<BenchReport> {
  await sleep(IDLE_SECONDS * 1000);
  const sizes = residentSizes(context.timed.system);
  const known = sizes.filter((size) => size.mb !== null);
  const largest = Math.max(...known.map((size) => size.mb ?? 0));
  const checks: Check[] = [
    {
      id: 'B1',
      target: `every process < ${RSS_LIMIT_MB} MB RSS idle`,
      measured: `largest ${fixed(largest)} MB`,
      pass: known.length === sizes.length && largest < RSS_LIMIT_MB,
    },
    {
      id: 'B2',
      target: `six processes ready ≤ ${READY_LIMIT_SECONDS} s`,
      measured: `${fixed(context.timed.startSeconds, 2)} s`,
      pass: context.timed.startSeconds <= READY_LIMIT_SECONDS,
    },
  ];
  const rows: (string | number)[][] = [
    ['startSystem → all /ready (six processes)', `${fixed(context.timed.startSeconds, 2)} s`],
  ];
  if (npmStart) {
    rows.push(
      [
        '`npm start` → "is ready" line (wall, build included)',
        npmStart.wallSeconds === null
          ? `n/a (${npmStart.error})`
          : `${fixed(npmStart.wallSeconds, 2)} s`,
      ],
      [
        '`npm start` own printed time',
        npmStart.ownSeconds === null ? 'n/a' : `${fixed(npmStart.ownSeconds, 1)} s`,
      ],
    );
    checks.push({
      id: 'B3',
      target: `\`npm start\` ready ≤ ${READY_LIMIT_SECONDS} s`,
      measured: npmStart.wallSeconds === null ? 'n/a' : `${fixed(npmStart.wallSeconds, 2)} s`,
      pass: npmStart.wallSeconds !== null && npmStart.wallSeconds <= READY_LIMIT_SECONDS,
    });
  }
  return {
    title: 'B: memory and start time',
    tables: [
      table(
        ['process', `RSS after ${IDLE_SECONDS} s idle (MB)`],
        sizes.map((size) => [size.name, size.mb === null ? 'n/a' : fixed(size.mb)]),
      ),
      table(['start', 'time'], rows),
    ],
    checks,
    notes: [`database ${context.database.name} migrated and seeded before the start`],
  };
}

if (require.main === module) {
  let npmStart: NpmStartTiming | null = null;
  benchMain(
    (context) => footprintBench(context, npmStart),
    async (data) => {
      if (!data.options.skipNpmStart) npmStart = await timeNpmStart(data);
    },
  );
}
