import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, freePort, type TestDatabase, testStack } from '@cw/testing';

const ENTRY = join(__dirname, '../../../dist/libs/queue/test/wiring-process.js');

describe('queue wiring at start-up (a compiled service process)', () => {
  let database: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      REDIS_URL: testStack().redisUrl,
      QUEUE_PREFIX: `cwtest-wiring-${process.pid}`,
    };
  });

  afterAll(() => database.drop());

  const start = async (wiring: string) => {
    try {
      await promisify(execFile)(process.execPath, [ENTRY, wiring], {
        env: { ...process.env, ...env },
        timeout: 30_000,
      });
      return { code: 0, stderr: '' };
    } catch (error) {
      const { code, stderr } = error as { code: number; stderr: string };
      return { code, stderr };
    }
  };

  it('refuses a queue with two processors, in one line naming them', async () => {
    expect(await start('two-processors')).toEqual({
      code: 1,
      stderr:
        'wiring-process: queue wiring: hook-deliveries has 2 processors (FirstDeliveryProcessor, SecondDeliveryProcessor); expected exactly 1\n',
    });
  });

  it('refuses a consumed queue that has no processor, in one line', async () => {
    expect(await start('no-processor')).toEqual({
      code: 1,
      stderr: 'wiring-process: queue wiring: report-events has no processor; expected exactly 1\n',
    });
  });

  it('starts with several workers of one processor class on a queue (delivery lanes)', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [ENTRY, 'lanes'], {
      env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let status: number | undefined;
      for (const deadline = Date.now() + 30_000; status !== 200 && Date.now() < deadline;) {
        expect(child.exitCode).toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined))?.status;
      }
      expect(status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
