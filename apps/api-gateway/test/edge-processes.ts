import { randomBytes } from 'node:crypto';
import { SERVICES } from '@cw/platform';
import {
  type CompiledProcess,
  startCompiledProcess,
  TEST_ACCEPTANCE_SECRET,
  type TestDatabase,
  testStack,
} from '@cw/testing';

export type { CompiledProcess };

/**
 * A compiled service (`dist/apps/<app>/src/main.js`) on a port of its own, against a test
 * database and the test Redis; resolves once `readyPath` answers 200.
 */
export function startCompiled(
  app: 'api-gateway' | 'wiki-service',
  database: TestDatabase,
  env: Record<string, string>,
  readyPath = '/ready',
): Promise<CompiledProcess> {
  return startCompiledProcess({
    entry: `apps/${app}/src/main.js`,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      REDIS_URL: testStack().redisUrl,
      QUEUE_PREFIX: `cwtest-${randomBytes(4).toString('hex')}`,
      ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
      ...env,
    },
    readyPath,
  });
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
