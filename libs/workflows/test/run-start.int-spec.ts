import { randomBytes, randomUUID } from 'node:crypto';
import {
  call,
  createApiKey,
  type HttpResult,
  signInTestPerson,
  type SignedInTestPerson,
  type TestApp,
} from '@cw/testing';
import {
  countWritten,
  createTestWorkflow,
  finishTestRun,
  setWorkflowStatus,
} from './runs-fixtures';
import { PrivateRedis } from '@cw/queue/testing';
import { WorkflowRepository } from '../src/definitions/workflow.repository';
import { startWorkflowsTestApp } from './workflows-test-app';

jest.setTimeout(60_000);

interface Started {
  success: boolean;
  run_id: string;
  status: string;
}

interface Refusal {
  success: false;
  error: { code: string; message: string; details?: Record<string, unknown> };
}

const company = (): string => `Runs Co ${randomBytes(3).toString('hex')}`;

describe('starting runs (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startWorkflowsTestApp({
      env: { RUNS_HOURLY_START_LIMIT: '2', RUNS_WORKER: 'off' },
    });
  });
  afterAll(() => server.close());

  function start(
    person: { cookie?: string; token?: string },
    workflow: string | number,
    body: Record<string, unknown>,
  ): Promise<HttpResult<Started & Refusal>> {
    return call(server.baseUrl, 'POST', `/api/workflows/${workflow}/run`, { ...person, body });
  }

  async function personWithWorkflow(): Promise<{
    person: SignedInTestPerson;
    workflowId: string;
    number: number;
  }> {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const workflow = await createTestWorkflow(server, person);
    return { person, workflowId: workflow.id, number: workflow.number };
  }

  it('starts a run (201 running) by id or display number, and repeats without a key start another', async () => {
    const { person, workflowId, number } = await personWithWorkflow();
    const first = await start(person, workflowId, { inputs: { topic: 'pricing' } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ success: true, run_id: expect.any(String), status: 'running' });
    const second = await start(person, number, { inputs: { topic: 'pricing' } });
    expect(second.status).toBe(201);
    expect(second.body.run_id).not.toBe(first.body.run_id);
    expect(await countWritten(server, workflowId)).toEqual({ runs: 2, receipts: 0 });
  });

  it('converges 50 concurrent identical starts on one run and one receipt', async () => {
    const { person, workflowId } = await personWithWorkflow();
    const body = { inputs: { topic: 'pricing', count: 3 }, run_request_id: randomUUID() };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => start(person, workflowId, body)),
    );
    expect(results.map((result) => result.status).sort()).toEqual([
      ...Array<number>(49).fill(200),
      201,
    ]);
    expect(new Set(results.map((result) => result.body.run_id)).size).toBe(1);
    expect(await countWritten(server, workflowId)).toEqual({ runs: 1, receipts: 1 });
  });

  it('converges concurrent identical starts across two processes on one database', async () => {
    const replica = await startWorkflowsTestApp({
      database: server.database,
      env: { RUNS_HOURLY_START_LIMIT: '2', RUNS_WORKER: 'off' },
    });
    try {
      const { person, workflowId } = await personWithWorkflow();
      const body = { inputs: { topic: 'pricing' }, run_request_id: randomUUID() };
      const results = await Promise.all(
        Array.from({ length: 50 }, (_each, index) =>
          call<Started>(
            index % 2 === 0 ? server.baseUrl : replica.baseUrl,
            'POST',
            `/api/workflows/${workflowId}/run`,
            { cookie: person.cookie, body },
          ),
        ),
      );
      expect(results.filter((result) => result.status === 201)).toHaveLength(1);
      expect(results.filter((result) => result.status === 200)).toHaveLength(49);
      expect(new Set(results.map((result) => result.body.run_id)).size).toBe(1);
      expect(await countWritten(server, workflowId)).toEqual({ runs: 1, receipts: 1 });
    } finally {
      await replica.close();
    }
  });

  it('answers an exact retry with the same run and its current status, from any credential', async () => {
    const { person, workflowId } = await personWithWorkflow();
    const token = await createApiKey(server.baseUrl, person.cookie, ['workflows:run']);
    const body = { inputs: { draft: true, topic: 'x' }, run_request_id: randomUUID(), title: 'T' };
    const first = await start({ token }, workflowId, body);
    expect(first.status).toBe(201);

    // Another credential of the same person, the inputs in another order.
    const retry = await start(person, workflowId, {
      ...body,
      inputs: { topic: 'x', draft: true },
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ success: true, run_id: first.body.run_id, status: 'running' });

    await finishTestRun(server, first.body.run_id, 'completed');
    const later = await start(person, workflowId, body);
    expect(later.body).toEqual({ success: true, run_id: first.body.run_id, status: 'completed' });
  });

  it('gives a second person with the same run_request_id a run of their own', async () => {
    const name = company();
    const person = await signInTestPerson(server.baseUrl, { company: name });
    const colleague = await signInTestPerson(server.baseUrl, { company: name });
    const { id: workflowId } = await createTestWorkflow(server, person);
    const body = { inputs: { topic: 'a' }, run_request_id: randomUUID() };
    const mine = await start(person, workflowId, body);
    const theirs = await start(colleague, workflowId, body);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.run_id).not.toBe(mine.body.run_id);
    expect(await countWritten(server, workflowId)).toEqual({ runs: 2, receipts: 2 });
  });

  it('refuses the same run_request_id with another workflow, inputs or title (409), writing nothing', async () => {
    const { person, workflowId } = await personWithWorkflow();
    const other = await createTestWorkflow(server, person);
    const key = randomUUID();
    const body = { inputs: { topic: 'a' }, run_request_id: key };
    expect((await start(person, workflowId, body)).status).toBe(201);
    for (const [workflow, changed] of [
      [workflowId, { ...body, inputs: { topic: 'b' } }],
      [workflowId, { ...body, title: 'Another title' }],
      [other.id, body],
    ] as const) {
      const refused = await start(person, workflow, changed);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('WORKFLOW_RUN_REQUEST_CONFLICT');
    }
    expect(await countWritten(server, workflowId)).toEqual({ runs: 1, receipts: 1 });
    expect(await countWritten(server, other.id)).toEqual({ runs: 0, receipts: 0 });
  });

  it('recovers a run after its workflow was archived, but starts no new one there (409)', async () => {
    const { person, workflowId } = await personWithWorkflow();
    const body = { inputs: { topic: 'a' }, run_request_id: randomUUID() };
    const first = await start(person, workflowId, body);
    await setWorkflowStatus(server, workflowId, 'archived');

    const retry = await start(person, workflowId, body);
    expect(retry.status).toBe(200);
    expect(retry.body.run_id).toBe(first.body.run_id);

    const fresh = await start(person, workflowId, { ...body, run_request_id: randomUUID() });
    expect(fresh.status).toBe(409);
    expect(fresh.body.error.code).toBe('WORKFLOW_NOT_STARTABLE');
    expect(await countWritten(server, workflowId)).toEqual({ runs: 1, receipts: 1 });
  });

  it('answers from a fresh read when a workflow it started before changed, refused or out of sight', async () => {
    const name = company();
    const owner = await signInTestPerson(server.baseUrl, { company: name });
    const colleague = await signInTestPerson(server.baseUrl, { company: name });
    const workflow = await createTestWorkflow(server, owner, { visibility: 'private' });
    expect((await start(owner, workflow.id, { inputs: { topic: 'a' } })).status).toBe(201);

    const hidden = await start(colleague, workflow.number, { inputs: { topic: 'b' } });
    expect(hidden.status).toBe(404);
    const invalid = await start(owner, workflow.number, { inputs: { topic: 7 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details?.field).toBe('inputs.topic');
    await setWorkflowStatus(server, workflow.id, 'archived');
    const archived = await start(owner, workflow.id, { inputs: { topic: 'c' } });
    expect(archived.status).toBe(409);
    expect(archived.body.error.code).toBe('WORKFLOW_NOT_STARTABLE');
    expect(await countWritten(server, workflow.id)).toEqual({ runs: 1, receipts: 0 });
    await setWorkflowStatus(server, workflow.id, 'draft');
    // A start the one statement can make reads no workflow first.
    const reads = jest.spyOn(server.app.get(WorkflowRepository), 'findVisible');
    try {
      expect((await start(owner, workflow.number, { inputs: { topic: 'd' } })).status).toBe(201);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    expect(await countWritten(server, workflow.id)).toEqual({ runs: 2, receipts: 0 });
  });

  it('starts a draft workflow (a test run)', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const draft = await createTestWorkflow(server, person, { status: 'draft' });
    expect((await start(person, draft.id, { inputs: { topic: 'a' } })).status).toBe(201);
  });

  it('answers 410 RUN_REMOVED to a retry whose run was removed, and keeps the receipt', async () => {
    const { person, workflowId } = await personWithWorkflow();
    const body = { inputs: { topic: 'a' }, run_request_id: randomUUID() };
    const first = await start(person, workflowId, body);
    const removed = await call(
      server.baseUrl,
      'DELETE',
      `/api/reports/${first.body.run_id}`,
      person,
    );
    expect(removed.status).toBe(204);

    const retry = await start(person, workflowId, body);
    expect(retry.status).toBe(410);
    expect(retry.body.error.code).toBe('RUN_REMOVED');
    expect(await countWritten(server, workflowId)).toEqual({ runs: 0, receipts: 1 });
  });

  it('refuses inputs that do not match the declared ones, naming the field, writing nothing', async () => {
    const { person, workflowId } = await personWithWorkflow();
    const cases: [Record<string, unknown>, string][] = [
      [{ inputs: {} }, 'inputs.topic'],
      [{ inputs: { topic: 'a', colour: 'red' } }, 'inputs.colour'],
      [{ inputs: { topic: 7 } }, 'inputs.topic'],
      [{ inputs: { topic: 'a', count: 'three' } }, 'inputs.count'],
      [{ inputs: { topic: 'a', draft: 'yes' } }, 'inputs.draft'],
      [{ inputs: { topic: 'x'.repeat(20_001) } }, 'inputs.topic'],
      [{ inputs: ['a'] }, 'inputs'],
      [{ inputs: { topic: 'a' }, run_request_id: 'not-a-uuid' }, 'run_request_id'],
      [{ inputs: { topic: 'a' }, title: 'x'.repeat(301) }, 'title'],
      [{ inputs: { topic: 'a' }, colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const refused = await start(person, workflowId, { run_request_id: randomUUID(), ...body });
      expect({ field, status: refused.status, code: refused.body.error.code }).toEqual({
        field,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(refused.body.error.details?.field).toBe(field);
    }
    expect(await countWritten(server, workflowId)).toEqual({ runs: 0, receipts: 0 });
  });

  it('hides another company’s workflow (404) and needs the workflows:run scope (403)', async () => {
    const { person, workflowId } = await personWithWorkflow();
    const stranger = await signInTestPerson(server.baseUrl, { company: company() });
    const hidden = await start(stranger, workflowId, { inputs: { topic: 'a' } });
    expect(hidden.status).toBe(404);
    expect((await start(stranger, 999_999, { inputs: { topic: 'a' } })).status).toBe(404);

    const readOnly = await createApiKey(server.baseUrl, person.cookie, ['workflows:read']);
    const denied = await start({ token: readOnly }, workflowId, { inputs: { topic: 'a' } });
    expect(denied.status).toBe(403);
    expect(denied.body.error.details?.error).toBe('insufficient_scope');
    expect(await countWritten(server, workflowId)).toEqual({ runs: 0, receipts: 0 });
  });

  it('refuses new starts over the hourly limit with 429 and Retry-After, still answering retries', async () => {
    const { person, workflowId } = await personWithWorkflow();
    const body = { inputs: { topic: 'a' }, run_request_id: randomUUID() };
    expect((await start(person, workflowId, body)).status).toBe(201);
    expect((await start(person, workflowId, { inputs: { topic: 'b' } })).status).toBe(201);

    const refused = await start(person, workflowId, {
      inputs: { topic: 'c' },
      run_request_id: randomUUID(),
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(await countWritten(server, workflowId)).toEqual({ runs: 2, receipts: 1 });

    expect((await start(person, workflowId, body)).status).toBe(200);
  });

  it('lets exactly the hourly limit through among 30 parallel starts, keyed or not', async () => {
    const { person, workflowId } = await personWithWorkflow();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        start(person, workflowId, {
          inputs: { topic: `t${index}` },
          ...(index % 2 === 0 ? { run_request_id: randomUUID() } : {}),
        }),
      ),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([201, 201, ...Array<number>(28).fill(429)]);
    for (const refused of results.filter((result) => result.status === 429)) {
      expect(refused.body.error.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    const written = await countWritten(server, workflowId);
    const keyedStarted = results.filter(
      (result, index) => result.status === 201 && index % 2 === 0,
    );
    expect(written).toEqual({ runs: 2, receipts: keyedStarted.length });
  });

  it('refuses a start of a deleted workflow with 409 WORKFLOW_NOT_STARTABLE, writing nothing', async () => {
    const name = company();
    const owner = await signInTestPerson(server.baseUrl, { company: name });
    const colleague = await signInTestPerson(server.baseUrl, { company: name });
    const shared = await createTestWorkflow(server, owner);
    const own = await createTestWorkflow(server, owner, { visibility: 'private' });
    // Known to this process by a start before, so the one-statement start is tried first.
    expect((await start(owner, shared.id, { inputs: { topic: 'a' } })).status).toBe(201);
    for (const workflow of [shared, own]) {
      const removed = await call(server.baseUrl, 'DELETE', `/api/workflows/${workflow.id}`, owner);
      expect(removed.status).toBe(204);
    }

    for (const [ref, body] of [
      [shared.id, { inputs: { topic: 'b' } }],
      [shared.number, { inputs: { topic: 'b' } }],
      [shared.id, { inputs: { topic: 'b' }, run_request_id: randomUUID() }],
    ] as const) {
      const refused = await start(owner, ref, body);
      expect({ status: refused.status, code: refused.body.error.code }).toEqual({
        status: 409,
        code: 'WORKFLOW_NOT_STARTABLE',
      });
      expect(refused.body.error.details).toEqual({ workflow_status: 'deleted' });
    }
    // Deleted, a workflow the caller never could see stays out of sight.
    expect((await start(colleague, own.id, { inputs: { topic: 'c' } })).status).toBe(404);
    expect((await start(owner, own.id, { inputs: { topic: 'c' } })).status).toBe(409);
    expect(await countWritten(server, shared.id)).toEqual({ runs: 1, receipts: 0 });
    expect(await countWritten(server, own.id)).toEqual({ runs: 0, receipts: 0 });
  });
});

describe('starting runs while Redis is stopped', () => {
  let redis: PrivateRedis;
  let server: TestApp;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    server = await startWorkflowsTestApp({
      env: { REDIS_URL: redis.url, RUNS_HOURLY_START_LIMIT: '60', RUNS_WORKER: 'on' },
    });
  }, 60_000);

  afterAll(async () => {
    await redis?.resume().catch(() => undefined);
    await server?.close();
    await redis?.destroy();
  });

  async function statusOf(person: SignedInTestPerson, runId: string): Promise<string> {
    const view = await call<{ status: string }>(
      server.baseUrl,
      'GET',
      `/api/workflows/runs/${runId}`,
      person,
    );
    return view.body.status;
  }

  it('answers keyed, unkeyed and webhook starts at once (201), and runs them once Redis is back', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const workflow = await createTestWorkflow(server, person);
    const link = await call<{ url: string }>(
      server.baseUrl,
      'POST',
      `/api/workflows/${workflow.id}/webhook-link`,
      person,
    );
    expect(link.status).toBe(201);

    await redis.stop();
    const path = `/api/workflows/${workflow.id}/run`;
    const starts = [
      () =>
        call<Started>(server.baseUrl, 'POST', path, {
          ...person,
          body: { inputs: { topic: 'a' } },
        }),
      () =>
        call<Started>(server.baseUrl, 'POST', path, {
          ...person,
          body: { inputs: { topic: 'b' }, run_request_id: randomUUID() },
        }),
      () => call<Started>(server.baseUrl, 'POST', link.body.url, { body: { topic: 'c' } }),
    ];
    const runIds: string[] = [];
    for (const send of starts) {
      const began = Date.now();
      const started = await send();
      const answer = { status: started.status, fast: Date.now() - began < 2_000 };
      expect(answer).toEqual({
        status: 201,
        fast: true,
      });
      runIds.push(started.body.run_id);
    }
    expect(await countWritten(server, workflow.id)).toEqual({ runs: 3, receipts: 1 });

    await redis.resume();
    const deadline = Date.now() + 30_000;
    let statuses: string[] = [];
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      statuses = await Promise.all(runIds.map((id) => statusOf(person, id)));
    } while (statuses.some((status) => status !== 'completed') && Date.now() < deadline);
    expect(statuses).toEqual(['completed', 'completed', 'completed']);
    expect(await countWritten(server, workflow.id)).toEqual({ runs: 3, receipts: 1 });
  });
});
