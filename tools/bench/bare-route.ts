import 'reflect-metadata';
import { type ChildProcess, fork } from 'node:child_process';
import Fastify from 'fastify';
import { PlatformConfig } from '@cw/platform';
import { barePageRead } from '@cw/wiki/testing';
import { Pool } from 'pg';

export interface BareActor {
  companyId: string;
  personId: string;
  teamIds: string[];
}

export interface BareRoute {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Runs the bare route in a process of its own, like each service: sharing the bench process
 * with autocannon would halve its CPU. Same pool size as a service (DB_POOL_SIZE).
 */
export async function startBareRoute(
  databaseUrl: string,
  actor: BareActor,
  poolSize = servicePoolSize(),
): Promise<BareRoute> {
  const child = fork(__filename, [], {
    env: {
      ...process.env,
      BARE_DATABASE_URL: databaseUrl,
      BARE_ACTOR: JSON.stringify(actor),
      BARE_POOL_SIZE: String(poolSize),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port?: number }) =>
      message.port ? resolve(message.port) : reject(new Error('bare route did not start')),
    );
    child.once('exit', (code) => reject(new Error(`bare route exited with ${code}`)));
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

/** The pool size the services run with: DB_POOL_SIZE, or its default. */
function servicePoolSize(): number {
  return Number(process.env.DB_POOL_SIZE ?? new PlatformConfig().DB_POOL_SIZE);
}

/** `GET /pages/:id`: the service's single-page read (barePageRead) on a plain pg pool. */
async function serve(): Promise<void> {
  const actor = JSON.parse(process.env.BARE_ACTOR ?? '{}') as BareActor;
  const pool = new Pool({
    connectionString: process.env.BARE_DATABASE_URL,
    max: Number(process.env.BARE_POOL_SIZE),
  });
  pool.on('error', () => undefined);
  const read = barePageRead(actor);
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/pages/:id', async (request, reply) => {
    const { rows } = await pool.query(read.sql, read.params(request.params.id));
    if (rows.length === 0) return reply.code(404).send({ error: 'not found' });
    return { page: rows[0] as unknown };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.once('SIGTERM', () => {
    void app.close().then(() => pool.end());
  });
}

if (require.main === module && process.env.BARE_DATABASE_URL) {
  serve().catch((error: unknown) => {
    process.stderr.write(`bare route failed: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
