import { randomBytes } from 'node:crypto';
import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp, shutdownApp } from '@cw/platform';
import pino, { type Logger } from 'pino';
import { createTestDatabase, type TestDatabase } from './test-database';
import { testStack } from './test-stack';
import { closeWithinLimit } from './watched-close';

/** Under the tiers' 60 s hook timeout, so a close that hangs fails with the hooks it waits on. */
const CLOSE_LIMIT_MS = 30_000;

export interface TestApp {
  app: NestFastifyApplication;
  baseUrl: string;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Reuse a database (a second process on the same data); default: a fresh one. */
  database?: TestDatabase;
  /** Where the app logs; default: silent unless LOG_LEVEL says otherwise. */
  logger?: Logger;
}

/**
 * Boots a composition on an ephemeral port against its own migrated database and its own
 * Redis key prefix, with real PostgreSQL and Redis.
 */
export async function startTestApp(
  rootModule: Type<unknown>,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: testStack().redisUrl,
    QUEUE_PREFIX: process.env.QUEUE_PREFIX ?? `cwtest-${randomBytes(4).toString('hex')}`,
    ...options.env,
  });
  const app = await createHttpApp(rootModule, {
    service: 'test',
    description: 'test',
    logger: options.logger ?? pino({ level: process.env.LOG_LEVEL ?? 'silent' }),
  });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    close: async () => {
      try {
        await closeWithinLimit(() => shutdownApp(app), app, CLOSE_LIMIT_MS);
      } finally {
        if (!options.database) await database.drop();
      }
    },
  };
}
