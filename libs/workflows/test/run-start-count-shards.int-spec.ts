import { randomBytes, randomUUID } from 'node:crypto';
import { call, signInTestPerson, type TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import { countWritten, createTestWorkflow } from './runs-fixtures';
import { startWorkflowsTestApp } from './workflows-test-app';

jest.setTimeout(90_000);

/** Not a multiple of the 8 shards: the caps are 2, 2, 2, 2, 2, 1, 1, 1. */
const LIMIT = 13;

describe('the hourly start count in 8 shards (real PostgreSQL)', () => {
  let server: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    server = await startWorkflowsTestApp({
      env: { RUNS_HOURLY_START_LIMIT: String(LIMIT), RUNS_WORKER: 'off' },
    });
    db = server.app.get(DataSource);
  });
  afterAll(() => server.close());

  const starter = async () => {
    const person = await signInTestPerson(server.baseUrl, {
      company: `Shards ${randomBytes(3).toString('hex')}`,
    });
    const workflow = await createTestWorkflow(server, person);
    const start = (index: number) =>
      call(server.baseUrl, 'POST', `/api/workflows/${workflow.id}/run`, {
        ...person,
        body: {
          inputs: { topic: `t${index}` },
          ...(index % 3 === 0 ? { run_request_id: randomUUID() } : {}),
        },
      });
    return { workflowId: workflow.id, start };
  };

  const shards = async (workflowId: string): Promise<{ shard: number; starts: number }[]> =>
    db.query(
      `SELECT shard, starts FROM workflows.run_start_counts WHERE workflow_id = $1 ORDER BY shard`,
      [workflowId],
    );

  it('lets exactly the limit through among 40 parallel starts, each shard within its cap', async () => {
    const { workflowId, start } = await starter();
    const results = await Promise.all(Array.from({ length: 40 }, (_, index) => start(index)));
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([
      ...Array<number>(LIMIT).fill(201),
      ...Array<number>(40 - LIMIT).fill(429),
    ]);
    expect((await countWritten(server, workflowId)).runs).toBe(LIMIT);
    expect(await shards(workflowId)).toEqual(
      [2, 2, 2, 2, 2, 1, 1, 1].map((starts, shard) => ({ shard, starts })),
    );
  });

  it('starts a new hour on every shard it takes, and counts nothing for a refused start', async () => {
    const { workflowId, start } = await starter();
    for (let index = 0; index < LIMIT; index += 1) expect((await start(index)).status).toBe(201);
    expect((await start(99)).status).toBe(429);
    await db.query(
      `UPDATE workflows.run_start_counts SET window_start = window_start - interval '1 hour'
        WHERE workflow_id = $1`,
      [workflowId],
    );
    const next = await Promise.all(Array.from({ length: 20 }, (_, index) => start(100 + index)));
    expect(next.filter((result) => result.status === 201)).toHaveLength(LIMIT);
    const counted = await shards(workflowId);
    expect(counted.reduce((sum, row) => sum + row.starts, 0)).toBe(LIMIT);
    expect((await countWritten(server, workflowId)).runs).toBe(2 * LIMIT);
  });
});
