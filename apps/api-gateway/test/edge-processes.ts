import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SERVICES } from '@cw/platform';
import { freePort, TEST_ACCEPTANCE_SECRET, type TestDatabase, testStack } from '@cw/testing';

const DIST = join(__dirname, '../../../dist/apps');
const START_TIMEOUT_MS = 45_000;

export interface CompiledProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * A compiled entry point (`dist/apps/<app>/src/main.js`) on a port of its own, against a test
 * database and the test Redis; resolves once `readyPath` answers 200.
 */
export async function startCompiled(
  app: 'api-gateway' | 'wiki-service',
  database: TestDatabase,
  env: Record<string, string>,
  readyPath = '/ready',
): Promise<CompiledProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(DIST, app, 'src/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: testStack().redisUrl,
      QUEUE_PREFIX: `cwtest-${randomBytes(4).toString('hex')}`,
      ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  for (const deadline = Date.now() + START_TIMEOUT_MS; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`${app} exited with ${child.exitCode}`);
    const answer = await fetch(`${url}${readyPath}`).catch(() => undefined);
    if (answer?.status === 200) return { url, child, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${app} did not answer ${readyPath} within ${START_TIMEOUT_MS / 1000} s`);
}

/** The gateway with every service's URL set to `serviceUrls` (by service name) or a dead port. */
export function startGateway(
  database: TestDatabase,
  serviceUrls: Record<string, string>,
  env: Record<string, string> = {},
): Promise<CompiledProcess> {
  const urls = Object.fromEntries(
    SERVICES.map((service) => [
      service.urlVariable,
      serviceUrls[service.name] ?? 'http://127.0.0.1:9',
    ]),
  );
  return startCompiled('api-gateway', database, { ...urls, ...env }, '/health');
}
