import { join } from 'node:path';
import { runMigrations } from '@cw/db';
import { signInTestPerson, TEST_ACCEPTANCE_SECRET, type SignedInTestPerson } from '@cw/testing';
import {
  ensureLocalStack,
  type LocalStack,
  startRedis,
  stopLocalStack,
  stopRedis,
} from '../local-stack/local-stack';
import { freePort } from '../local-stack/ports';
import { type RunningProcess, type RunningSystem, startSystem } from '../start/system';

const REPO_ROOT = join(__dirname, '../../..');
/** A stack of its own, so stopping its PostgreSQL or Redis never touches `npm start` or tests. */
const DRILL_DATA_DIR = join(REPO_ROOT, '.data', 'drills');

/** The six processes on a stack of their own, with the levers a drill pulls. */
export interface DrillSystem {
  readonly gatewayUrl: string;
  readonly system: RunningSystem;
  readonly stack: LocalStack;
  /** Where each process writes its JSON log. */
  readonly logDir: string;
  /** A freshly signed-in company admin (a new company per call). */
  signIn(overrides?: Parameters<typeof signInTestPerson>[1]): Promise<SignedInTestPerson>;
  process(name: string): RunningProcess;
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  stopRedis(): Promise<void>;
  startRedis(): Promise<void>;
  say(line: string): void;
}

export async function startDrillSystem(say: (line: string) => void): Promise<{
  drills: DrillSystem;
  stop(): Promise<void>;
}> {
  const stackOptions = { dataDir: DRILL_DATA_DIR, log: (line: string) => say(`stack: ${line}`) };
  const stack = await ensureLocalStack(stackOptions);
  await runMigrations(stack.databaseUrl);
  const logDir = join(DRILL_DATA_DIR, 'logs');
  const system = await startSystem({
    mode: 'six-processes',
    databaseUrl: stack.databaseUrl,
    redisUrl: stack.redisUrl,
    gatewayPort: await freePort(),
    logDir,
    distDir: join(REPO_ROOT, 'dist'),
    // As `npm start` runs them: a process that dies is restarted (the killed-service drill).
    supervise: true,
    say: (line) => say(`supervisor: ${line}`),
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
      QUEUE_PREFIX: `cwdrill-${process.pid}`,
      // The run-loss-backlog drill holds a backlog longer than this (the lowest allowed is 10).
      RUNS_STALE_AFTER_SECONDS: '20',
    },
  });
  const drills: DrillSystem = {
    gatewayUrl: system.gatewayUrl,
    system,
    stack,
    logDir,
    signIn: (overrides) =>
      signInTestPerson(system.gatewayUrl, {
        role: 'admin',
        company: `Drill ${Date.now()}`,
        ...overrides,
      }),
    process: (name) => {
      const found = system.processes.find((running) => running.name === name);
      if (!found) throw new Error(`no process named ${name}`);
      return found;
    },
    stopPostgres: async () => {
      // Stopping the whole stack and bringing Redis back leaves only PostgreSQL down.
      await stopLocalStack(stackOptions);
      await startRedis(stackOptions);
    },
    startPostgres: async () => void (await ensureLocalStack(stackOptions)),
    stopRedis: () => stopRedis(stackOptions),
    startRedis: async () => void (await startRedis(stackOptions)),
    say,
  };
  return {
    drills,
    stop: async () => {
      await system.stop();
      await stopLocalStack(stackOptions);
    },
  };
}
