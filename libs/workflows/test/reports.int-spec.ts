import { randomBytes } from 'node:crypto';
import { preparedStatementName } from '@cw/db';
import { QueueName, QueueRegistry } from '@cw/queue';
import {
  call,
  captureStatements,
  createApiKey,
  genericPlanTableReads,
  type HttpResult,
  signInTestPerson,
  type SignedInTestPerson,
  tableReads,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
} from '@cw/testing';
import { DataSource } from 'typeorm';
import type { Workflow } from '../src/workflows-schema';
import type { Report, RunView } from '../src/reports/report';
import { RunReportWriter } from '../src/reports/run-report.writer';
import { RunReadRepository } from '../src/runs/run-read.repository';
import { createTestWorkflow, findTestRun, finishTestRun, setWorkflowStatus } from './runs-fixtures';
import { startWorkflowsTestApp } from './workflows-test-app';

jest.setTimeout(60_000);

interface ReportList {
  reports: {
    id: string;
    status: string;
    workflow_name: string;
    created_at: string;
    completed_at: string | null;
  }[];
  total: number;
  offset: number;
  limit: number;
  has_more: boolean;
}

interface Refusal {
  error: { code: string; details?: Record<string, unknown> };
}

const company = (): string => `Reports Co ${randomBytes(3).toString('hex')}`;

describe('run views and reports (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startWorkflowsTestApp({ env: { RUNS_WORKER: 'off' } });
  });
  afterAll(() => server.close());

  async function startRun(
    person: SignedInTestPerson,
    workflow: Workflow,
    topic = 'pricing',
  ): Promise<string> {
    const started = await call<{ run_id: string }>(
      server.baseUrl,
      'POST',
      `/api/workflows/${workflow.id}/run`,
      { cookie: person.cookie, body: { inputs: { topic }, title: `About ${topic}` } },
    );
    expect(started.status).toBe(201);
    return started.body.run_id;
  }

  function get<T>(
    person: { cookie?: string; token?: string },
    path: string,
  ): Promise<HttpResult<T>> {
    return call<T>(server.baseUrl, 'GET', path, person);
  }

  /** A step record as the executor writes it (a running step has no output yet). */
  async function recordStep(runId: string, status: 'running' | 'completed', output?: string) {
    await server.app.get(DataSource).query(
      `INSERT INTO workflows.run_steps
         (run_id, step_index, step_id, block, status, output, error, started_at, finished_at)
       VALUES ($1, 0, 'compose', 'text.compose', $2, $3::jsonb, NULL, now(), $4)`,
      [
        runId,
        status,
        output === undefined ? null : JSON.stringify(output),
        status === 'completed' ? new Date() : null,
      ],
    );
  }

  /** Signing in again through the acceptance exchange answers the person's teams. */
  async function teamIdOf(person: SignedInTestPerson, companyName: string, team: string) {
    const exchanged = await call<{ teams: { id: string; name: string }[] }>(
      server.baseUrl,
      'POST',
      '/api/acceptance/auth/exchange',
      {
        body: {
          secret: TEST_ACCEPTANCE_SECRET,
          company: companyName,
          email: person.email,
          teams: [team],
        },
      },
    );
    return exchanged.body.teams[0].id;
  }

  async function reportEventOf(runId: string): Promise<Record<string, unknown> | undefined> {
    const queue = server.app.get(QueueRegistry).queue(QueueName.ReportEvents);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const jobs = await queue.getJobs(['waiting', 'active', 'completed', 'delayed', 'failed']);
      const job = jobs.find((each) => (each.data as { run_id?: string }).run_id === runId);
      if (job) return job.data as Record<string, unknown>;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return undefined;
  }

  it('shows a running run, then its completed report with the delivered deliverable', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const workflow = await createTestWorkflow(server, person);
    const runId = await startRun(person, workflow);

    const view = await get<RunView>(person, `/api/workflows/runs/${runId}`);
    expect(view.status).toBe(200);
    expect(view.body).toEqual({
      run_id: runId,
      workflow: { id: workflow.id, number: workflow.number, name: workflow.name },
      status: 'running',
      outcome: { status: 'incomplete', summary: expect.any(String) },
      errors: [],
      stages: [{ name: 'compose', status: 'pending' }],
      progress: { done: 0, total: 1 },
      current_step: 'compose',
      steps: [
        {
          id: 'compose',
          block: 'text.compose',
          status: 'pending',
          started_at: null,
          finished_at: null,
          error: null,
        },
      ],
      summary: expect.any(String),
      report_url: `/api/reports/${runId}`,
      created_at: expect.any(String),
      completed_at: null,
    });

    await recordStep(runId, 'completed', 'About pricing');
    await finishTestRun(server, runId, 'completed');
    const report = await get<Report>(person, `/api/reports/${runId}`);
    expect(report.status).toBe(200);
    expect(report.body).toEqual({
      id: runId,
      schema_version: 2,
      workflow: { id: workflow.id, number: workflow.number, name: workflow.name },
      title: 'About pricing',
      created_at: expect.any(String),
      completed_at: expect.any(String),
      presentation: {
        execution_status: 'completed',
        outcome: { status: 'succeeded', summary: 'Completed its one step.' },
        states: [
          {
            step: 'compose',
            block: 'text.compose',
            status: 'completed',
            started_at: expect.any(String),
            finished_at: expect.any(String),
            error: null,
          },
        ],
        deliverables: [
          { name: 'digest', required: true, status: 'delivered', value: 'About pricing' },
        ],
        delivery_receipts: [],
      },
    });
    expect(await reportEventOf(runId)).toEqual({
      run_id: runId,
      company_id: person.companyId,
      workflow_id: workflow.id,
      status: 'completed',
      started_by: person.personId,
    });
  });

  it('ends a run once: a second end changes nothing and announces nothing', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const workflow = await createTestWorkflow(server, person);
    const runId = await startRun(person, workflow);
    const dataSource = server.app.get(DataSource);
    const run = await findTestRun(dataSource, runId);
    const writer = server.app.get(RunReportWriter);

    const ends = await Promise.all(
      (['completed', 'failed', 'cancelled'] as const).map((status) =>
        dataSource.transaction((manager) => writer.finish(manager, run, status, null)),
      ),
    );
    expect(ends.filter(Boolean)).toHaveLength(1);
    expect(await reportEventOf(runId)).toMatchObject({ run_id: runId });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const queue = server.app.get(QueueRegistry).queue(QueueName.ReportEvents);
    const events = (
      await queue.getJobs(['waiting', 'active', 'completed', 'delayed', 'failed'])
    ).filter((job) => (job.data as { run_id?: string }).run_id === runId);
    expect(events).toHaveLength(1);
  });

  it('reports a completed run missing a required deliverable as incomplete', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(person, await createTestWorkflow(server, person));
    await finishTestRun(server, runId, 'completed');
    const report = await get<Report>(person, `/api/reports/${runId}`);
    expect(report.body.presentation.outcome.status).toBe('incomplete');
    expect(report.body.presentation.deliverables).toEqual([
      { name: 'digest', required: true, status: 'missing' },
    ]);
  });

  it('lists readable reports newest first, with status and workflow filters and paging', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const first = await createTestWorkflow(server, person);
    const second = await createTestWorkflow(server, person);
    const runs = [
      await startRun(person, first, 'a'),
      await startRun(person, first, 'b'),
      await startRun(person, second, 'c'),
    ];
    await finishTestRun(server, runs[0], 'completed');
    await finishTestRun(server, runs[2], 'failed', { code: 'x', message: 'broken' });

    const all = await get<ReportList>(person, '/api/reports');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      reports: [
        {
          id: runs[2],
          status: 'failed',
          workflow_name: second.name,
          created_at: expect.any(String),
          completed_at: expect.any(String),
        },
        expect.objectContaining({ id: runs[1], status: 'running', completed_at: null }),
        expect.objectContaining({ id: runs[0], status: 'completed', workflow_name: first.name }),
      ],
      total: 3,
      offset: 0,
      limit: 50,
      has_more: false,
    });

    const completed = await get<ReportList>(person, '/api/reports?status=completed');
    expect(completed.body.reports.map((report) => report.id)).toEqual([runs[0]]);
    const ofFirst = await get<ReportList>(person, `/api/reports?workflow_public_id=${first.id}`);
    expect(ofFirst.body.reports.map((report) => report.id)).toEqual([runs[1], runs[0]]);

    const page = await get<ReportList>(person, '/api/reports?limit=2&offset=1');
    expect(page.body).toMatchObject({ total: 3, offset: 1, limit: 2, has_more: false });
    expect(page.body.reports.map((report) => report.id)).toEqual([runs[1], runs[0]]);
    const head = await get<ReportList>(person, '/api/reports?limit=1');
    expect(head.body).toMatchObject({ total: 3, has_more: true });
    const past = await get<ReportList>(person, '/api/reports?offset=10');
    expect(past.body).toMatchObject({ reports: [], total: 3, has_more: false });

    for (const query of [
      'limit=0',
      'limit=201',
      'offset=-1',
      'status=done',
      'workflow_public_id=7',
    ]) {
      const refused = await get<Refusal>(person, `/api/reports?${query}`);
      expect({ query, status: refused.status }).toEqual({ query, status: 400 });
    }
  });

  it('lets whoever sees the workflow and the starter read a report; others get 404', async () => {
    const name = company();
    const owner = await signInTestPerson(server.baseUrl, { company: name, teams: ['Ops'] });
    const admin = await signInTestPerson(server.baseUrl, { company: name, role: 'admin' });
    const starter = await signInTestPerson(server.baseUrl, { company: name, teams: ['Ops'] });
    const teammate = await signInTestPerson(server.baseUrl, { company: name, teams: ['Ops'] });
    const stranger = await signInTestPerson(server.baseUrl, { company: company() });

    const secret = await createTestWorkflow(server, owner, { visibility: 'private' });
    const privateRun = await startRun(owner, secret);
    expect((await get(owner, `/api/reports/${privateRun}`)).status).toBe(200);
    expect((await get(admin, `/api/reports/${privateRun}`)).status).toBe(404);
    expect((await get(admin, `/api/workflows/runs/${privateRun}`)).status).toBe(404);
    expect((await get<ReportList>(admin, '/api/reports')).body.total).toBe(0);

    const teamId = await teamIdOf(owner, name, 'Ops');
    const team = await createTestWorkflow(server, owner, { visibility: 'team', teamId });
    const teamRun = await startRun(starter, team);
    expect((await get(teammate, `/api/reports/${teamRun}`)).status).toBe(200);
    await setWorkflowStatus(server, team.id, 'deleted');
    expect((await get(teammate, `/api/reports/${teamRun}`)).status).toBe(404);
    expect((await get(starter, `/api/reports/${teamRun}`)).status).toBe(200);
    expect((await get<ReportList>(starter, '/api/reports')).body.reports).toEqual([
      expect.objectContaining({ id: teamRun }),
    ]);
    expect((await get(stranger, `/api/reports/${teamRun}`)).status).toBe(404);
    expect((await get(stranger, `/api/workflows/runs/${teamRun}`)).status).toBe(404);
  });

  it('needs the workflows:read scope and a UUID', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(person, await createTestWorkflow(server, person));
    const token = await createApiKey(server.baseUrl, person.cookie, ['wiki:read']);
    expect((await get({ token }, `/api/reports/${runId}`)).status).toBe(403);
    expect((await get({ token }, `/api/workflows/runs/${runId}`)).status).toBe(403);
    expect((await get({ token }, '/api/reports')).status).toBe(403);
    expect((await get(person, '/api/reports/42')).status).toBe(400);
    expect((await get(person, '/api/workflows/runs/42')).status).toBe(400);
  });

  it('removes a report for the workflow owner or an admin only', async () => {
    const name = company();
    const owner = await signInTestPerson(server.baseUrl, { company: name });
    const member = await signInTestPerson(server.baseUrl, { company: name });
    const admin = await signInTestPerson(server.baseUrl, { company: name, role: 'admin' });
    const workflow = await createTestWorkflow(server, owner);
    const byMember = await startRun(member, workflow);
    const byOwner = await startRun(owner, workflow);

    const denied = await call<Refusal>(
      server.baseUrl,
      'DELETE',
      `/api/reports/${byMember}`,
      member,
    );
    expect(denied.status).toBe(403);
    expect((await get(member, `/api/reports/${byMember}`)).status).toBe(200);

    expect((await call(server.baseUrl, 'DELETE', `/api/reports/${byMember}`, admin)).status).toBe(
      204,
    );
    expect((await call(server.baseUrl, 'DELETE', `/api/reports/${byOwner}`, owner)).status).toBe(
      204,
    );
    expect((await get(member, `/api/reports/${byMember}`)).status).toBe(404);
    expect((await call(server.baseUrl, 'DELETE', `/api/reports/${byOwner}`, owner)).status).toBe(
      404,
    );
  });

  describe('cancel', () => {
    function cancel(person: SignedInTestPerson, runId: string) {
      return call<{ run_id: string; status: string; cancel_requested: boolean } & Refusal>(
        server.baseUrl,
        'POST',
        `/api/workflows/runs/${runId}/cancel`,
        person,
      );
    }

    it('ends a run between steps at once, with its report and event; an ended run is 409', async () => {
      const person = await signInTestPerson(server.baseUrl, { company: company() });
      const workflow = await createTestWorkflow(server, person);
      const runId = await startRun(person, workflow);

      const cancelled = await cancel(person, runId);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toEqual({
        run_id: runId,
        status: 'cancelled',
        cancel_requested: true,
      });
      const report = await get<Report>(person, `/api/reports/${runId}`);
      expect(report.body.presentation.execution_status).toBe('cancelled');
      expect(report.body.completed_at).not.toBeNull();
      expect(await reportEventOf(runId)).toMatchObject({ run_id: runId, status: 'cancelled' });

      const again = await cancel(person, runId);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('RUN_STATE_CONFLICT');
    });

    it('asks the worker to stop after a running step', async () => {
      const person = await signInTestPerson(server.baseUrl, { company: company() });
      const runId = await startRun(person, await createTestWorkflow(server, person));
      await recordStep(runId, 'running');

      const requested = await cancel(person, runId);
      expect(requested.body).toEqual({ run_id: runId, status: 'running', cancel_requested: true });
      expect((await get<RunView>(person, `/api/workflows/runs/${runId}`)).body.status).toBe(
        'running',
      );
    });

    it('converges concurrent cancels on one cancellation', async () => {
      const person = await signInTestPerson(server.baseUrl, { company: company() });
      const runId = await startRun(person, await createTestWorkflow(server, person));
      const results = await Promise.all(Array.from({ length: 10 }, () => cancel(person, runId)));
      expect(results.map((result) => result.status).sort()).toEqual([
        200,
        ...Array<number>(9).fill(409),
      ]);
    });

    it('hides another company’s run (404)', async () => {
      const person = await signInTestPerson(server.baseUrl, { company: company() });
      const stranger = await signInTestPerson(server.baseUrl, { company: company() });
      const runId = await startRun(person, await createTestWorkflow(server, person));
      expect((await cancel(stranger, runId)).status).toBe(404);
      expect((await get<RunView>(person, `/api/workflows/runs/${runId}`)).body.status).toBe(
        'running',
      );
    });
  });

  it('reads runs by their ids, however many runs the company has had', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(person, await createTestWorkflow(server, person));
    const db = server.app.get(DataSource);
    // Statistics taken while the company had one run, then a long history of them: the planner
    // thinks the company's runs are a handful, and scanning them looks as cheap as the ids.
    await db.query(`ANALYZE workflows.runs`);
    const history: { id: string }[] = await db.query(
      `INSERT INTO workflows.runs (company_id, workflow_id, started_by, trigger, title, inputs,
                                   definition, status, completed_at)
       SELECT company_id, workflow_id, started_by, trigger, title, inputs, definition,
              'completed', now()
         FROM workflows.runs, generate_series(1, 5000) WHERE id = $1
       RETURNING id`,
      [runId],
    );
    const ids = history.slice(0, 64).map((run) => run.id);
    const reader = { companyId: person.companyId, personId: person.personId, teamIds: [] };
    // The process's other work goes through the same data source meanwhile.
    const captured = captureStatements(db, (sql) => sql.includes('workflows.runs'));
    try {
      const runs = server.app.get(RunReadRepository);
      expect((await runs.findReadableMany(reader, ids)).map((run) => run.id).sort()).toEqual(
        [...ids].sort(),
      );
      expect((await runs.filterReadable(reader, ids)).sort()).toEqual([...ids].sort());
      captured.stop();
      expect(captured.statements).toHaveLength(2);
      for (const statement of captured.statements) {
        const byId = [expect.stringMatching(/Index Scan runs_pkey$/)];
        expect({ sql: statement.sql, reads: await tableReads(db, statement, 'runs') }).toEqual({
          sql: statement.sql,
          reads: byId,
        });
        // Prepared: the generic plan PostgreSQL may keep after five runs goes by id too.
        expect(preparedStatementName(statement.sql)).toBeDefined();
        expect(await genericPlanTableReads(db, statement, 'runs')).toEqual(byId);
      }
    } finally {
      captured.stop();
      await db.query(`DELETE FROM workflows.runs WHERE id = ANY($1::uuid[])`, [
        history.map((run) => run.id),
      ]);
    }
  });
});
