import { PrivateRedis } from '@cw/queue/testing';
import { type TestApp } from '@cw/testing';
import Redis from 'ioredis';
import { type HookReceiver, startHookReceiver } from '../src/testing';
import {
  designWorkflow,
  finishedRun,
  newHookUser,
  subscribe,
  waitForDeliveries,
} from './hooks-fixtures';
import { startHooksTestApp } from './hooks-test-app';

jest.setTimeout(120_000);

const RUNS = 20;

/**
 * Redis holds only the next job of each delivery; PostgreSQL holds its truth. A Redis of this
 * test's own is flushed while every delivery waits for its retry: the reconciler queues them
 * again and each one is delivered.
 */
describe('report hook deliveries when Redis loses every job (FLUSHALL on a private Redis)', () => {
  let redis: PrivateRedis;
  let server: TestApp;
  let receiver: HookReceiver;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    receiver = await startHookReceiver();
    server = await startHooksTestApp({
      env: {
        REDIS_URL: redis.url,
        HOOKS_RETRY_BASE_SECONDS: '10',
        HOOKS_RETRY_MAX_SECONDS: '10',
        HOOKS_RECONCILE_SECONDS: '1',
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
    await redis.destroy();
  });

  it('re-creates the lost attempt jobs from PostgreSQL: none lost', async () => {
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
    const client = new Redis(redis.url);
    try {
      expect(await client.dbsize()).toBeGreaterThan(0);
      await client.flushall();
      expect(await client.dbsize()).toBe(0);
    } finally {
      client.disconnect();
    }
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
