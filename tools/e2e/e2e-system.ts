import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  createTestDatabase,
  TEST_ACCEPTANCE_SECRET,
  testStack,
  type TestDatabase,
} from '@cw/testing';
import { freePort } from '../local-stack/ports';
import { type RunningSystem, type SystemOptions, startSystem } from '../start/system';

export const REPO_ROOT = join(__dirname, '../..');
const ADMIN_CLI = join(REPO_ROOT, 'dist/tools/admin/admin-cli.js');

export interface E2eSystemOptions extends Partial<
  Pick<SystemOptions, 'mode' | 'supervise' | 'envByService' | 'logDir'>
> {
  /** Settings over the defaults below (acceptance sign-in on, `NODE_ENV=test`, warn logs). */
  env?: Record<string, string>;
}

export interface E2eSystem {
  system: RunningSystem;
  database: TestDatabase;
  gatewayUrl: string;
  /** The settings the system was started with: the admin CLI needs the same data and Redis. */
  env: Record<string, string>;
  /** Stops every process, then drops the database. */
  stop(): Promise<void>;
}

/**
 * The compiled system on a database of its own, as one e2e test file needs it: logs under
 * `.data/logs/e2e-<name>`, a Redis key prefix of its own, and a hook secret key.
 */
export async function startE2eSystem(
  name: string,
  { env: overrides, logDir, mode = 'six-processes', ...options }: E2eSystemOptions = {},
): Promise<E2eSystem> {
  const database = await createTestDatabase();
  const env = {
    ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
    QUEUE_PREFIX: `cwe2e-${name}-${process.pid}`,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOOKS_SECRET_KEY: randomBytes(32).toString('base64'),
    ...overrides,
  };
  let system: RunningSystem;
  try {
    system = await startSystem({
      ...options,
      mode,
      databaseUrl: database.url,
      redisUrl: testStack().redisUrl,
      gatewayPort: await freePort(),
      logDir: logDir ?? join(REPO_ROOT, '.data', 'logs', `e2e-${name}`),
      distDir: join(REPO_ROOT, 'dist'),
      env,
    });
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    system,
    database,
    gatewayUrl: system.gatewayUrl,
    env,
    stop: async () => {
      await system.stop();
      await database.drop();
    },
  };
}

/** Gives an existing person a password through the admin CLI, which reads it from stdin. */
export function setPasswordWithAdminCli(
  started: Pick<E2eSystem, 'database' | 'env'>,
  { email, name, password }: { email: string; name: string; password: string },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [ADMIN_CLI, 'person:create', '--email', email, '--name', name],
      {
        env: {
          ...process.env,
          DATABASE_URL: started.database.url,
          REDIS_URL: testStack().redisUrl,
          QUEUE_PREFIX: started.env.QUEUE_PREFIX,
        },
      },
      (error) => (error ? reject(new Error(`admin CLI: ${error.message}`)) : resolve()),
    );
    child.stdin?.end(password);
  });
}
