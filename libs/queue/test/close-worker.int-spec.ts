import { Worker } from 'bullmq';
import { closeWorker } from '../src/close-worker';
import { PrivateRedis } from '../src/testing/private-redis';

describe('closeWorker', () => {
  let redis: PrivateRedis;

  beforeEach(async () => {
    redis = await PrivateRedis.start();
  });

  afterEach(async () => {
    await redis.destroy();
  });

  const startWorker = async (): Promise<Worker> => {
    const worker = new Worker('close-worker-spec', async () => undefined, {
      connection: { url: redis.url, maxRetriesPerRequest: null, retryStrategy: () => 100 },
    });
    worker.on('error', () => undefined);
    await worker.waitUntilReady();
    return worker;
  };

  it('closes a worker whose Redis answers', async () => {
    const worker = await startWorker();
    await closeWorker(worker);
    expect(worker.closing).toBeDefined();
    expect(worker.isRunning()).toBe(false);
  });

  it('returns when Redis has gone away (a graceful close would never return)', async () => {
    const worker = await startWorker();
    await redis.stop();
    const outcome = await Promise.race([
      closeWorker(worker).then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 10_000)),
    ]);
    expect(outcome).toBe('closed');
  });
});
