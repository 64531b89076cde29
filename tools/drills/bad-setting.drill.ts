import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getLocalStackStatus } from '../local-stack/local-stack';
import { freePort } from '../local-stack/ports';
import { expectThat, type Drill } from './drill';

const START = join(__dirname, '../start/start.js');
const STACK_TRACE_LINE = /^\s+at .+:\d+:\d+\)?$/m;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm start` with extra settings, as an operator would type it. */
function npmStart(env: Record<string, string>): Promise<Run> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['DATABASE_URL', 'REDIS_URL'].includes(name)),
  );
  const child = spawn(process.execPath, [START], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

export const badSettingDrill: Drill = {
  name: 'bad-setting',
  finding:
    'A bad setting (ACCEPTANCE_AUTH_SECRET too short) prints a Nest stack trace instead of one line, and the failed `npm start` leaves PostgreSQL and Redis running.',
  async run(drills) {
    const dataDir = mkdtempSync(join(tmpdir(), 'cw-drill-start-'));
    // PostgreSQL runs as its own user when the drills run as root: it must reach the folder.
    chmodSync(dataDir, 0o755);
    try {
      const seeded = await npmStart({
        LOCAL_STACK_DATA_DIR: dataDir,
        PORT: String(await freePort()),
        NODE_ENV: 'development',
        ACCEPTANCE_AUTH_SECRET: 'short',
      });
      const stack = await getLocalStackStatus({ dataDir });
      expectThat(seeded.code === 1, `npm start exited with ${seeded.code}`);
      expectThat(
        seeded.stderr.trim().split('\n').length === 1,
        `npm start wrote ${seeded.stderr.trim().split('\n').length} lines on stderr: ${seeded.stderr}`,
      );
      expectThat(
        !STACK_TRACE_LINE.test(seeded.stdout + seeded.stderr),
        `npm start printed a stack trace: ${seeded.stdout}${seeded.stderr}`,
      );
      expectThat(
        !stack.postgres.answering && !stack.redis.answering,
        `after the failed start PostgreSQL answers: ${stack.postgres.answering}, Redis: ${stack.redis.answering}`,
      );

      const served = await npmStart({
        LOCAL_STACK_DATA_DIR: dataDir,
        DATABASE_URL: drills.stack.databaseUrl,
        REDIS_URL: drills.stack.redisUrl,
        PORT: String(await freePort()),
        NODE_ENV: 'production',
        DB_POOL_SIZE: '0',
      });
      expectThat(served.code === 1, `npm start with DB_POOL_SIZE=0 exited with ${served.code}`);
      expectThat(
        /^npm start failed: .+Invalid setting DB_POOL_SIZE/.test(served.stderr) &&
          served.stderr.trim().split('\n').length === 1,
        `npm start with DB_POOL_SIZE=0 wrote: ${served.stderr}`,
      );
      return [
        `ACCEPTANCE_AUTH_SECRET=short on a stack of its own: exit 1, stderr "${seeded.stderr.trim()}"`,
        `no stack trace; the PostgreSQL and Redis that start brought up in ${dataDir} are stopped again`,
        `NODE_ENV=production DB_POOL_SIZE=0 (the services refuse it): "${served.stderr.trim()}"`,
      ];
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
