import { startContextTestApp, type TestApp } from '@cw/testing';
import { type Job, Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { OutboxRelay, OutboxWriter, QueueName, QueueRegistry } from '../src';
import { PrivateRedis } from './private-redis';

function until<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = (): void => {
      const value = probe();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error('timed out'));
      setTimeout(tick, 25);
    };
    tick();
  });
}

describe('transactional outbox', () => {
  let redis: PrivateRedis;
  let server: TestApp;
  let dataSource: DataSource;
  let writer: OutboxWriter;
  let worker: Worker;
  const received: Job<{ run_id: string }>[] = [];

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    server = await startContextTestApp({ modules: [], env: { REDIS_URL: redis.url } });
    dataSource = server.app.get(DataSource);
    writer = server.app.get(OutboxWriter);
    worker = new Worker<{ run_id: string }>(
      QueueName.ReportEvents,
      async (job) => void received.push(job),
      {
        connection: { url: redis.url, maxRetriesPerRequest: null },
        prefix: server.app.get(QueueRegistry).prefix,
      },
    );
  });
  afterAll(async () => {
    await worker.close();
    await server.close();
    await redis.destroy();
  });

  it('publishes an event only when its transaction commits', async () => {
    await dataSource
      .transaction(async (manager) => {
        await writer.append(manager, 'report.finished', { run_id: 'rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await dataSource.transaction((manager) =>
      writer.append(manager, 'report.finished', { run_id: 'committed' }),
    );
    const job = await until(() => received.find((each) => each.data.run_id === 'committed'), 5000);
    expect(job.name).toBe('report.finished');
    expect(received.some((each) => each.data.run_id === 'rolled-back')).toBe(false);
  });

  it('loses nothing while Redis is down: the event goes out once Redis is back', async () => {
    await redis.stop();
    await dataSource.transaction((manager) =>
      writer.append(manager, 'report.finished', { run_id: 'during-outage' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [pending]: { count: number }[] = await dataSource.query(
      `SELECT count(*)::int AS count FROM platform.outbox_events WHERE published_at IS NULL`,
    );
    expect(pending.count).toBe(1);
    await redis.resume();
    const job = await until(
      () => received.find((each) => each.data.run_id === 'during-outage'),
      15000,
    );
    expect(job.data).toEqual({ run_id: 'during-outage' });
    // The worker may take the job before the relay's transaction marking the row commits.
    let unpublished = 1;
    for (const deadline = Date.now() + 5000; unpublished > 0 && Date.now() < deadline;) {
      const [after]: { count: number }[] = await dataSource.query(
        `SELECT count(*)::int AS count FROM platform.outbox_events WHERE published_at IS NULL`,
      );
      unpublished = after.count;
      if (unpublished > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(unpublished).toBe(0);
  }, 30000);

  it('publishes each event once even with relays racing', async () => {
    await dataSource.transaction(async (manager) => {
      for (let index = 0; index < 50; index += 1) {
        await writer.append(manager, 'report.finished', { run_id: `race-${index}` });
      }
    });
    const relay = server.app.get(OutboxRelay);
    await Promise.all([relay.publishPending(), relay.publishPending(), relay.publishPending()]);
    await until(
      () =>
        received.filter((each) => String(each.data.run_id).startsWith('race-')).length >= 50
          ? true
          : undefined,
      10000,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const raced = received.filter((each) => String(each.data.run_id).startsWith('race-'));
    expect(new Set(raced.map((each): string => each.data.run_id)).size).toBe(50);
    expect(raced).toHaveLength(50);
  });
});
