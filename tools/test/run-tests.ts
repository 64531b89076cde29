import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromiumBinary } from '../local-stack/binaries';
import { ensureLocalStack } from '../local-stack/local-stack';
import { filesStillRunning, RUNNING_FILES_LOG_ENV } from './running-files-reporter';

const REPO_ROOT = join(__dirname, '../../..');
const BIN = join(REPO_ROOT, 'node_modules/.bin');

/**
 * How long the jest run may take (about 12 minutes on two cores). Past it, a test file is stuck:
 * jest is stopped and the files still running are named, so CI ends with a reason instead of
 * running out its own time.
 */
const TESTS_TIME_LIMIT_MS = 45 * 60_000;

interface StepOptions {
  env?: NodeJS.ProcessEnv;
  /** Past it, the step's whole process group is killed (jest's workers and what tests started). */
  timeLimitMs?: number;
  /** Called once the time limit has stopped the step. */
  onTimeLimit?: () => void;
}

function step(
  name: string,
  command: string,
  args: string[],
  { env = process.env, timeLimitMs, onTimeLimit }: StepOptions = {},
): Promise<number> {
  process.stdout.write(`\n== ${name}\n`);
  const grouped = timeLimitMs !== undefined;
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: 'inherit', detached: grouped });
  const signalGroup = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group is gone already.
    }
  };
  // A process group of its own no longer hears the terminal's Ctrl-C: pass it on.
  if (grouped) {
    process.on('SIGINT', signalGroup);
    process.on('SIGTERM', signalGroup);
  }
  let timedOut = false;
  const limit =
    timeLimitMs !== undefined
      ? setTimeout(() => {
          timedOut = true;
          process.stdout.write(
            `\n${name}: still running after ${timeLimitMs / 60_000} min: stopped\n`,
          );
          signalGroup('SIGKILL');
        }, timeLimitMs)
      : undefined;
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(limit);
      process.off('SIGINT', signalGroup);
      process.off('SIGTERM', signalGroup);
      if (timedOut) onTimeLimit?.();
      resolve(timedOut ? 1 : (code ?? 1));
    });
  });
}

interface JestSummary {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTotalTests: number;
}

/**
 * `npm test`: type check, lint, format check, then every jest tier against real PostgreSQL and
 * Redis (the local stack, started when TEST_DATABASE_URL / TEST_REDIS_URL are not given).
 */
async function main(): Promise<void> {
  const failures: string[] = [];
  const run = async (
    name: string,
    command: string,
    args: string[],
    options?: StepOptions,
  ): Promise<void> => {
    if ((await step(name, command, args, options)) !== 0) failures.push(name);
  };
  await run('type check', join(BIN, 'tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  // The module-boundary rule reads Nx's cached project graph: compute it first, or it is skipped.
  await run('project graph', join(BIN, 'nx'), ['show', 'projects'], {
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  await run('lint', join(BIN, 'eslint'), ['.', '--max-warnings=0']);
  await run('format', join(BIN, 'prettier'), ['--check', '--log-level=warn', '.']);
  await run('OpenAPI lint', process.execPath, [
    join(REPO_ROOT, 'dist/tools/openapi/lint-openapi.js'),
  ]);

  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };
  if (!env.TEST_DATABASE_URL || !env.TEST_REDIS_URL) {
    const stack = await ensureLocalStack({
      log: (line) => process.stdout.write(`local stack: ${line}\n`),
    });
    env.TEST_DATABASE_URL = stack.databaseUrl;
    env.TEST_REDIS_URL = stack.redisUrl;
  }
  // The real-browser test drives Debian's chromium: installed here when missing, as the local
  // stack installs PostgreSQL and Redis.
  env.CHROMIUM_PATH ??= await ensureChromiumBinary((line) =>
    process.stdout.write(`browser: ${line}\n`),
  );
  const report = join(REPO_ROOT, 'dist', 'jest-results.json');
  const runningFiles = join(REPO_ROOT, 'dist', 'jest-running-files.log');
  rmSync(report, { force: true });
  rmSync(runningFiles, { force: true });
  await run(
    'tests',
    join(BIN, 'jest'),
    [
      '--ci',
      '--json',
      `--outputFile=${report}`,
      '--reporters=default',
      `--reporters=${join(__dirname, 'running-files-reporter.js')}`,
    ],
    {
      env: { ...env, [RUNNING_FILES_LOG_ENV]: runningFiles },
      timeLimitMs: TESTS_TIME_LIMIT_MS,
      onTimeLimit: () => {
        const stuck = existsSync(runningFiles)
          ? filesStillRunning(readFileSync(runningFiles, 'utf8'))
          : [];
        process.stdout.write(`test files still running: ${stuck.join(', ') || 'none'}\n`);
      },
    },
  );

  let summary: JestSummary | undefined;
  try {
    summary = JSON.parse(readFileSync(report, 'utf8')) as JestSummary;
  } catch {
    failures.push('test report');
  }
  if (summary) {
    const skipped = summary.numPendingTests > 0 ? `, ${summary.numPendingTests} skipped` : '';
    process.stdout.write(
      `\ntests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed${skipped}\n`,
    );
  }
  if (failures.length > 0) {
    process.stdout.write(`npm test failed: ${failures.join(', ')}\n`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`npm test failed: ${(error as Error).message}\n`);
  process.exit(1);
});
