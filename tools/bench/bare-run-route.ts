import 'reflect-metadata';
import { type ChildProcess, fork } from 'node:child_process';
import { PlatformConfig } from '@cw/platform';
import {
  type BareRunStart,
  bareRunStart,
  hashWebhookToken,
  liveWebhookLinkSql,
} from '@cw/workflows/testing';
import { Queue } from 'bullmq';
import Fastify from 'fastify';
import Redis from 'ioredis';
import { Pool } from 'pg';

/**
 * The run every bare start inserts, but for its inputs (the request body), and the webhook link
 * whose presence it requires as the webhook trigger does.
 */
export type BareRunTemplate = Omit<BareRunStart, 'inputs' | 'requires'> & {
  link: { publicId: string; token: string };
};

export interface BareRunRoute {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A queue nobody consumes: the bare route's add costs what an add costs, and runs nothing. */
const BARE_QUEUE = 'bench-bare-runs';

/**
 * Runs the bare start route in a process of its own (like bare-route.ts): `POST /runs` inserts
 * the run and its outbox event with the statement RunStartService issues for a webhook start,
 * its link's presence included (one statement, no transaction needed), then adds a job to a
 * BullMQ queue. Same pool size as a service (DB_POOL_SIZE).
 */
export async function startBareRunRoute(
  databaseUrl: string,
  redisUrl: string,
  queuePrefix: string,
  template: BareRunTemplate,
): Promise<BareRunRoute> {
  const child = fork(__filename, [], {
    env: {
      ...process.env,
      BARE_RUN_DATABASE_URL: databaseUrl,
      BARE_RUN_REDIS_URL: redisUrl,
      BARE_RUN_QUEUE_PREFIX: queuePrefix,
      BARE_RUN_TEMPLATE: JSON.stringify(template),
      BARE_RUN_POOL_SIZE: String(
        Number(process.env.DB_POOL_SIZE ?? new PlatformConfig().DB_POOL_SIZE),
      ),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port?: number }) =>
      message.port ? resolve(message.port) : reject(new Error('bare run route did not start')),
    );
    child.once('exit', (code) => reject(new Error(`bare run route exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function serve(): Promise<void> {
  const { link, ...template } = JSON.parse(
    process.env.BARE_RUN_TEMPLATE ?? '{}',
  ) as BareRunTemplate;
  const requires = liveWebhookLinkSql({
    publicId: link.publicId,
    tokenHash: hashWebhookToken(link.token),
  });
  const pool = new Pool({
    connectionString: process.env.BARE_RUN_DATABASE_URL,
    max: Number(process.env.BARE_RUN_POOL_SIZE),
  });
  pool.on('error', () => undefined);
  const queue = new Queue(BARE_QUEUE, {
    prefix: process.env.BARE_RUN_QUEUE_PREFIX,
    connection: new Redis(process.env.BARE_RUN_REDIS_URL ?? '', { maxRetriesPerRequest: null }),
  });
  const app = Fastify({ logger: false });
  app.post<{ Body: Record<string, unknown> }>('/runs', async (request, reply) => {
    const runId = await bareRunStart(pool, { ...template, requires, inputs: request.body });
    await queue.add(
      'run.requested',
      { run_id: runId },
      { jobId: `bare-${runId}`, removeOnComplete: 1000, removeOnFail: 5000 },
    );
    return reply.code(201).send({ success: true, run_id: runId, status: 'running' });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => queue.obliterate({ force: true }))
      .then(() => Promise.all([queue.close(), pool.end()]))
      .finally(() => process.exit(0));
  });
}

if (require.main === module && process.env.BARE_RUN_DATABASE_URL) {
  serve().catch((error: unknown) => {
    process.stderr.write(`bare run route failed: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
