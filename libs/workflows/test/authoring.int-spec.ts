import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { call, type SignedInTestPerson, signInTestPerson, type TestApp } from '@cw/testing';
import { DataSource } from 'typeorm';
import { FakeModelProvider } from '../src/testing';
import { startWorkflowsTestApp } from './workflows-test-app';

interface Body {
  error: { code: string; details: Record<string, unknown> };
  operation_id: string;
  status: string;
  status_url: string;
  questions: string[];
  gap: string;
  workflow: {
    id: string;
    number: number;
    name: string;
    status: string;
    visibility: string;
    inputs: unknown[];
    definition: { steps: unknown[] };
    output_page: unknown;
  };
}

const PLAN = {
  name: 'Topic digest',
  inputs: [{ name: 'topic', type: 'text', required: true }],
  steps: [{ id: 'draft', block: 'text.compose', template: 'Digest of {{inputs.topic}}' }],
};

describe('workflow authoring (one process, real PostgreSQL, a fake model provider)', () => {
  const model = new FakeModelProvider();
  let server: TestApp;
  let db: DataSource;

  const as = (person: SignedInTestPerson, method: string, path: string, body?: unknown) =>
    call<Body>(server.baseUrl, method, path, { cookie: person.cookie, body });
  const design = (person: SignedInTestPerson, body: unknown) =>
    as(person, 'POST', '/api/workflows/blocks/design', body);
  const newCompany = () => signInTestPerson(server.baseUrl, { company: `Author ${randomUUID()}` });

  async function written(companyId: string): Promise<{ workflows: number; operations: number }> {
    const [row]: { workflows: number; operations: number }[] = await db.query(
      `SELECT (SELECT count(*)::int FROM workflows.workflows WHERE company_id = $1) AS workflows,
              (SELECT count(*)::int FROM workflows.authoring_operations WHERE company_id = $1) AS operations`,
      [companyId],
    );
    return row;
  }

  async function pollUntilEnded(person: SignedInTestPerson, statusUrl: string): Promise<Body> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const polled = await as(person, 'GET', statusUrl);
      expect(polled.status).toBe(200);
      if (polled.body.status !== 'composing') return polled.body;
      await sleep(100);
    }
    throw new Error('the operation never ended');
  }

  beforeAll(async () => {
    const url = await model.start();
    server = await startWorkflowsTestApp({
      env: { MODEL_PROVIDER_URL: url, MODEL_NAME: 'planner-1', MODEL_PROVIDER_API_KEY: 'sk-test' },
    });
    db = server.app.get(DataSource);
  });
  afterAll(async () => {
    await server.close();
    await model.stop();
  });

  it('composes a plan from the job with wait: true, the block catalog as tools, and saves it (201)', async () => {
    const alice = await newCompany();
    model.answer({ tool: 'submit_plan', arguments: PLAN });
    const created = await design(alice, {
      job: 'Every week, a digest on a topic I name',
      wait: true,
      start_as: 'active',
      report_spec: 'Three bullet points',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'saved',
      workflow: {
        number: 1,
        name: 'Topic digest',
        status: 'active',
        visibility: 'company',
        inputs: PLAN.inputs,
        definition: { steps: PLAN.steps },
        output_page: null,
      },
    });
    expect(model.requests).toHaveLength(1);
    const [request] = model.requests;
    expect(request.model).toBe('planner-1');
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.tools.map((tool) => tool.function.name)).toEqual([
      'submit_plan',
      'ask_clarification',
      'report_capability_gap',
    ]);
    expect(JSON.stringify(request.tools[0].function.parameters)).not.toContain('wiki.write');
    expect(JSON.stringify(request.messages)).toContain('Three bullet points');
  });

  it('composes in the background (202, composing) and the status_url ends saved', async () => {
    const alice = await newCompany();
    // The first call fails and the client retries it: the answer cannot come before the 202.
    model.answer({ status: 500, error: 'busy' }, { tool: 'submit_plan', arguments: PLAN });
    const accepted = await design(alice, {
      job: 'A digest on a topic',
      output: { create_page: { path: '/Private/Digests', title: 'Digest' } },
    });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({
      operation_id: expect.any(String) as string,
      status: 'composing',
      status_url: `/api/workflows/authoring-operations/${accepted.body.operation_id}`,
    });
    const ended = await pollUntilEnded(alice, accepted.body.status_url);
    expect(ended).toMatchObject({
      status: 'saved',
      workflow: { status: 'draft', output_page: { path: '/Private/Digests', title: 'Digest' } },
    });
    expect(JSON.stringify(model.requests[1].tools[0].function.parameters)).toContain('wiki.write');
    const other = await newCompany();
    expect((await as(other, 'GET', accepted.body.status_url)).status).toBe(404);
  });

  it('ends needs_clarification, capability_gap or failed without writing a workflow', async () => {
    const alice = await newCompany();
    model.answer({ tool: 'ask_clarification', arguments: { questions: ['Which topic?'] } });
    const unclear = await design(alice, { job: 'Do the thing', wait: true });
    expect(unclear.status).toBe(200);
    expect(unclear.body).toMatchObject({
      status: 'needs_clarification',
      questions: ['Which topic?'],
    });

    model.answer({ tool: 'report_capability_gap', arguments: { gap: 'No block sends e-mail.' } });
    const gap = await design(alice, { job: 'E-mail the team', wait: true });
    expect(gap.body).toMatchObject({ status: 'capability_gap', gap: 'No block sends e-mail.' });

    model.answer({
      tool: 'submit_plan',
      arguments: { ...PLAN, steps: [{ id: 'x', block: 'shell.exec' }] },
    });
    const invalid = await design(alice, { job: 'Run a shell', wait: true });
    expect(invalid.body.status).toBe('capability_gap');
    expect(invalid.body.gap).toContain('unknown block "shell.exec"');
    expect(model.requests).toHaveLength(3);

    model.answer({ status: 400, error: 'bad model' });
    const failed = await design(alice, { job: 'Anything', wait: true });
    expect(failed.body).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('bad model') as string,
    });
    expect(await written(alice.companyId)).toEqual({ workflows: 0, operations: 4 });
  });

  it('converges 20 parallel identical requests on one operation and one workflow, and refuses another body (409)', async () => {
    const alice = await newCompany();
    model.answer({ tool: 'submit_plan', arguments: PLAN });
    const authoring_request_id = randomUUID();
    const body = { job: 'A digest', authoring_request_id, wait: true, visibility: 'private' };
    const results = await Promise.all(Array.from({ length: 20 }, () => design(alice, body)));
    expect(new Set(results.map((result) => result.status))).toEqual(new Set([201]));
    expect(new Set(results.map((result) => result.body.operation_id)).size).toBe(1);
    expect(new Set(results.map((result) => result.body.workflow.id)).size).toBe(1);
    expect(model.requests).toHaveLength(1);
    expect(await written(alice.companyId)).toEqual({ workflows: 1, operations: 1 });

    const reordered = await design(alice, {
      visibility: 'private',
      authoring_request_id,
      job: 'A digest',
    });
    expect(reordered.status).toBe(201);
    expect(reordered.body.operation_id).toBe(results[0].body.operation_id);

    const conflict = await design(alice, { ...body, job: 'Another digest' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatchObject({
      code: 'AUTHORING_REQUEST_CONFLICT',
      details: { authoring_request_id },
    });
    const explicitConflict = await design(alice, {
      job: 'A digest',
      authoring_request_id,
      intent: PLAN,
    });
    expect(explicitConflict.status).toBe(409);
    expect(await written(alice.companyId)).toEqual({ workflows: 1, operations: 1 });

    // The same id is the caller's own: another person may use it for their own request.
    const bob = await signInTestPerson(server.baseUrl, { company: 'Other Authors' });
    const theirs = await design(bob, { job: 'Theirs', authoring_request_id, intent: PLAN });
    expect(theirs.status).toBe(201);
    expect(theirs.body.operation_id).not.toBe(results[0].body.operation_id);
  });

  it('converges 20 parallel identical explicit plans on one operation and one workflow', async () => {
    const alice = await newCompany();
    const body = { job: 'Digest', authoring_request_id: randomUUID(), intent: PLAN };
    const results = await Promise.all(Array.from({ length: 20 }, () => design(alice, body)));
    expect(new Set(results.map((result) => result.status))).toEqual(new Set([201]));
    expect(new Set(results.map((result) => result.body.workflow.id)).size).toBe(1);
    expect(await written(alice.companyId)).toEqual({ workflows: 1, operations: 1 });
  });

  it('ends failed an operation left composing by a process that died, when it is read', async () => {
    const alice = await newCompany();
    const [{ id }]: { id: string }[] = await db.query(
      `INSERT INTO workflows.authoring_operations
         (company_id, person_id, request_hash, request, status, created_at, updated_at)
       VALUES ($1, $2, '\\x00', '{}', 'composing', now() - interval '1 day', now() - interval '1 day')
       RETURNING id`,
      [alice.companyId, alice.personId],
    );
    const read = await as(alice, 'GET', `/api/workflows/authoring-operations/${id}`);
    expect(read.body).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('interrupted') as string,
    });
    expect((await as(alice, 'GET', '/api/workflows/authoring-operations/nope')).status).toBe(400);
  });

  it('ends failed, when a process starts, the operations a dead process left composing', async () => {
    const alice = await newCompany();
    const insert = (age: string): Promise<{ id: string }[]> =>
      db.query(
        `INSERT INTO workflows.authoring_operations
           (company_id, person_id, request_hash, request, status, created_at, updated_at)
         VALUES ($1, $2, '\\x00', '{}', 'composing', now() - $3::interval, now() - $3::interval)
         RETURNING id`,
        [alice.companyId, alice.personId, age],
      );
    const [abandoned] = await insert('1 day');
    const [recent] = await insert('1 second');
    const second = await startWorkflowsTestApp({ database: server.database });
    await second.close();
    const rows: { id: string; status: string }[] = await db.query(
      `SELECT id, status FROM workflows.authoring_operations WHERE company_id = $1 ORDER BY created_at`,
      [alice.companyId],
    );
    expect(rows).toEqual([
      { id: abandoned.id, status: 'failed' },
      { id: recent.id, status: 'composing' },
    ]);
  });
});
