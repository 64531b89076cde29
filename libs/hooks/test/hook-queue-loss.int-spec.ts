import { getQueueToken } from '@nestjs/bullmq';
import { QueueName } from '@cw/queue';
import { PrivateRedis } from '@cw/queue/testing';
import { type TestApp } from '@cw/testing';
import type { Queue } from 'bullmq';
import Redis from 'ioredis';
import { type HookReceiver, startHookReceiver } from '../src/testing';
import {
  allDelivered,
  designWorkflow,
  finishedRun,
  newHookUser,
  subscribe,
  waitForDeliveries,
} from './hooks-fixtures';
import { startHooksTestApp } from './hooks-test-app';

jest.setTimeout(120_000);

const RUNS = 20;

/** A hooks app on a Redis of its own, which a test may flush, and a receiver: one per `describe`. */
interface SystemOnPrivateRedis {
  server: TestApp;
  receiver: HookReceiver;
  /** FLUSHALL; answers how many keys Redis held before. */
  flushRedis(): Promise<number>;
}

function systemOnPrivateRedis(env: Record<string, string>): SystemOnPrivateRedis {
  let redis: PrivateRedis;
  const system = {
    async flushRedis(): Promise<number> {
      const client = new Redis(redis.url);
      try {
        const keys = await client.dbsize();
        await client.flushall();
        return keys;
      } finally {
        client.disconnect();
      }
    },
  } as SystemOnPrivateRedis;
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    system.receiver = await startHookReceiver();
    system.server = await startHooksTestApp({ env: { REDIS_URL: redis.url, ...env } });
  });
  afterAll(async () => {
    await system.server?.close();
    await system.receiver?.close();
    await redis?.destroy();
  });
  return system;
}

/**
 * Redis holds only the next job of each delivery; PostgreSQL holds its truth. A Redis of this
 * test's own is flushed while every delivery waits for its retry: the reconciler queues them
 * again and each one is delivered.
 */
describe('report hook deliveries when Redis loses every job (FLUSHALL on a private Redis)', () => {
  const system = systemOnPrivateRedis({
    HOOKS_RETRY_BASE_SECONDS: '10',
    HOOKS_RETRY_MAX_SECONDS: '10',
    HOOKS_RECONCILE_SECONDS: '1',
  });

  it('re-creates the lost attempt jobs from PostgreSQL: none lost', async () => {
    const { server, receiver } = system;
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribe(server.baseUrl, alice.token, { target_url: receiver.url });
    let answer = 503;
    receiver.answerWith(() => answer);
    const workflowId = await designWorkflow(server.baseUrl, alice);
    await Promise.all(
      Array.from({ length: RUNS }, () => finishedRun(server.baseUrl, alice, workflowId)),
    );
    // Every delivery failed once and waits 10 s for its retry: its job is a delayed one in Redis.
    const waiting = await waitForDeliveries(
      server.baseUrl,
      { token: alice.token },
      hook.body.id,
      (all) =>
        all.length === RUNS && all.every((each) => each.state === 'pending' && each.attempts >= 1),
    );
    expect(await system.flushRedis()).toBeGreaterThan(0);
    answer = 200;
    const delivered = await waitForDeliveries(
      server.baseUrl,
      { token: alice.token },
      hook.body.id,
      (all) => all.every((each) => each.state === 'delivered'),
      60_000,
    );
    expect(delivered.map((each) => each.id).sort()).toEqual(waiting.map((each) => each.id).sort());
    expect(delivered.every((each) => each.attempts >= 2)).toBe(true);
    expect(receiver.accepted).toEqual(new Set(waiting.map((each) => each.id)));
  });
});

/**
 * The relay publishes a `report.finished` event once. Here every event is published while the
 * consumer is paused, then Redis is flushed before any is consumed: the sweep of completed runs
 * finds the reports never fanned out and each delivery is created and sent.
 */
describe('report.finished events lost in Redis before the hooks consumed them (FLUSHALL)', () => {
  const system = systemOnPrivateRedis({
    HOOKS_RECONCILE_SECONDS: '1',
    HOOKS_EVENT_SWEEP_GRACE_SECONDS: '0.5',
  });

  it('fans out from the completed runs: one delivery per report, none lost', async () => {
    const { server, receiver } = system;
    const events = server.app.get<Queue>(getQueueToken(QueueName.ReportEvents));
    const alice = await newHookUser(server.baseUrl);
    const hook = await subscribe(server.baseUrl, alice.token, { target_url: receiver.url });
    const workflowId = await designWorkflow(server.baseUrl, alice);
    await events.pause();
    const runIds = await Promise.all(
      Array.from({ length: RUNS }, () => finishedRun(server.baseUrl, alice, workflowId)),
    );
    await waitFor(async () => {
      const counts = await events.getJobCounts('paused', 'wait');
      return (counts.paused ?? 0) + (counts.wait ?? 0) >= RUNS;
    });
    await system.flushRedis();
    const delivered = await waitForDeliveries(
      server.baseUrl,
      { token: alice.token },
      hook.body.id,
      allDelivered(RUNS),
      60_000,
    );
    expect(new Set(delivered.map((each) => each.report_id))).toEqual(new Set(runIds));
    expect(receiver.accepted.size).toBe(RUNS);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
