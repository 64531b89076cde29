import { PrivateRedis } from '@cw/queue/testing';
import { type TestApp } from '@cw/testing';
import { type HookReceiver, startHookReceiver } from '../src/testing';
import {
  allDelivered,
  designWorkflow,
  finishedRun,
  newHookUser,
  registerCallback,
  waitForDeliveries,
} from './hooks-fixtures';
import { startHooksTestApp } from './hooks-test-app';

jest.setTimeout(120_000);

/**
 * A callback on a finished run queues its delivery at once: with Redis stopped or hung the
 * registration answers within 2 s all the same, and the reconciler queues the delivery once
 * Redis answers.
 */
describe('registering a callback on a finished run while Redis is away', () => {
  let redis: PrivateRedis;
  let server: TestApp;
  let receiver: HookReceiver;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    receiver = await startHookReceiver();
    server = await startHooksTestApp({
      env: { REDIS_URL: redis.url, HOOKS_RECONCILE_SECONDS: '1' },
    });
  });

  afterAll(async () => {
    redis?.thaw();
    await redis?.resume().catch(() => undefined);
    await server?.close();
    await receiver?.close();
    await redis?.destroy();
  });

  for (const away of ['hung (SIGSTOP)', 'stopped'] as const) {
    it(`answers 201 within 2 s with Redis ${away}, and delivers once it is back`, async () => {
      const alice = await newHookUser(server.baseUrl);
      const runId = await finishedRun(
        server.baseUrl,
        alice,
        await designWorkflow(server.baseUrl, alice),
      );
      if (away === 'stopped') await redis.stop();
      else redis.freeze();

      const began = Date.now();
      const callback = await registerCallback(server.baseUrl, alice.token, runId, receiver.url);
      expect({ status: callback.status, fast: Date.now() - began < 2_000 }).toEqual({
        status: 201,
        fast: true,
      });

      if (away === 'stopped') await redis.resume();
      else redis.thaw();
      const delivered = await waitForDeliveries(
        server.baseUrl,
        { token: alice.token },
        callback.body.id,
        allDelivered(1),
        60_000,
      );
      expect(delivered[0]?.report_id).toBe(runId);
    });
  }
});
