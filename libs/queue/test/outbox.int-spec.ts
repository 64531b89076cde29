import { startContextTestApp, type TestApp } from '@cw/testing';
import { type Job, Worker } from 'bullmq';
import { type RawBuilder, sql } from 'kysely';
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

  it('appends one event per row a write returns, in the write’s own statement (both or neither)', async () => {
    await dataSource.query(`CREATE TABLE outbox_test_rows (id int PRIMARY KEY, name text)`);
    const manager = dataSource.manager;
    const rows = await writer.appendForRows<{ id: number }>(
      manager,
      'report.finished',
      {
        write: sql<{ id: number }>`INSERT INTO outbox_test_rows (id, name)
              SELECT n, 'row ' || n FROM generate_series(1, ${2}::int) n RETURNING id, name`,
      },
      sql`jsonb_build_object('run_id', name)`,
    );
    expect(rows.map((row) => row.id).sort()).toEqual([1, 2]);
    for (const name of ['row 1', 'row 2']) {
      await until(() => received.find((each) => each.data.run_id === name), 5000);
    }
    const events = async (): Promise<number> => {
      const [row]: { count: number }[] = await dataSource.query(
        `SELECT count(*)::int AS count FROM platform.outbox_events`,
      );
      return row.count;
    };
    const before = await events();
    const none = await writer.appendForRows(
      manager,
      'report.finished',
      { write: sql`UPDATE outbox_test_rows SET name = 'x' WHERE id = ${99} RETURNING name` },
      sql`jsonb_build_object('run_id', name)`,
    );
    expect(none).toEqual([]);
    expect(await events()).toBe(before);
    // An event that cannot be written (a payload is required) takes the write back with it.
    await expect(
      writer.appendForRows(
        manager,
        'report.finished',
        { write: sql`INSERT INTO outbox_test_rows (id) VALUES (${3}) RETURNING id` },
        sql`NULL`,
      ),
    ).rejects.toThrow(/payload/);
    expect(await dataSource.query(`SELECT id FROM outbox_test_rows WHERE id = 3`)).toEqual([]);
    expect(await events()).toBe(before);

    // Statements alongside the write run in it, read its rows, and share its fate.
    await dataSource.query(`CREATE TABLE outbox_test_notes (row_id int, note text)`);
    const alongside = (id: number, payload: RawBuilder<unknown>) =>
      writer.appendForRows(
        manager,
        'report.finished',
        {
          write: sql`INSERT INTO outbox_test_rows (id, name) VALUES (${id}::int, 'row ' || ${id}::int) RETURNING id, name`,
          alongside: [sql`INSERT INTO outbox_test_notes SELECT id, ${'noted'}::text FROM written`],
        },
        payload,
      );
    await alongside(4, sql`jsonb_build_object('run_id', name)`);
    await until(() => received.find((each) => each.data.run_id === 'row 4'), 5000);
    await expect(alongside(5, sql`NULL`)).rejects.toThrow(/payload/);
    expect(await dataSource.query(`SELECT row_id, note FROM outbox_test_notes`)).toEqual([
      { row_id: 4, note: 'noted' },
    ]);
    expect(await events()).toBe(before + 1);
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
