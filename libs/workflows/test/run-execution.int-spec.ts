import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DirectoryService } from '@cw/identity';
import {
  call,
  createTestPage,
  signInTestPerson,
  type SignedInTestPerson,
  type TestApp,
} from '@cw/testing';
import { DataSource } from 'typeorm';
import type { WorkflowStep } from '../src/definitions/workflow-definition';
import { FakeModelProvider } from '../src/testing';
import type { Report, RunView } from '../src/reports/report';
import { RunReportWriter } from '../src/reports/run-report.writer';
import { RunExecutionService } from '../src/runs/execution/run-execution.service';
import { RunEndingRepository } from '../src/runs/run-ending.repository';
import { RunLeaseRepository } from '../src/runs/run-lease.repository';
import { RunStepRepository } from '../src/runs/run-step.repository';
import { createTestWorkflow, findTestRun } from './runs-fixtures';
import { startWorkflowsTestApp } from './workflows-test-app';

jest.setTimeout(60_000);

interface Refusal {
  success: false;
  error: { code: string; message: string };
}

interface Packet {
  packet_id: string;
  instructions: string;
  inputs: Record<string, unknown>;
}

const TERMINAL = ['completed', 'failed', 'cancelled', 'stale', 'budget_exceeded'];
const company = (): string => `Exec Co ${randomBytes(3).toString('hex')}`;

async function startRun(
  server: TestApp,
  person: SignedInTestPerson,
  steps: WorkflowStep[],
  options: { budget?: { max_steps?: number }; deliverable?: string } = {},
): Promise<string> {
  const workflow = await createTestWorkflow(server, person, {
    definition: {
      steps,
      deliverables: options.deliverable
        ? [{ name: 'result', required: true, from_step: options.deliverable }]
        : [],
      budget: options.budget ?? {},
    },
  });
  const started = await call<{ run_id: string }>(
    server.baseUrl,
    'POST',
    `/api/workflows/${workflow.id}/run`,
    { cookie: person.cookie, body: { inputs: { topic: 'pricing' } } },
  );
  expect(started.status).toBe(201);
  return started.body.run_id;
}

function view(server: TestApp, person: SignedInTestPerson, runId: string) {
  return call<RunView>(server.baseUrl, 'GET', `/api/workflows/runs/${runId}`, {
    cookie: person.cookie,
  });
}

async function waitFor(
  server: TestApp,
  person: SignedInTestPerson,
  runId: string,
  done: (run: RunView) => boolean,
): Promise<RunView> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { body } = await view(server, person, runId);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`run ${runId} stuck: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ended = (run: RunView): boolean => TERMINAL.includes(run.status);

describe('executing runs on the runs queue (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let receiver: Server;
  let receiverUrl: string;

  beforeAll(async () => {
    server = await startWorkflowsTestApp({ env: { RUNS_WORKER: 'on' } });
    receiver = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ ok: true, url: request.url }));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
    await server.close();
  });

  it('completes text.compose, assert and wiki.write; the page holds the rendered text', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const title = `Digest ${randomBytes(3).toString('hex')}`;
    const runId = await startRun(
      server,
      person,
      [
        { id: 'compose', block: 'text.compose', template: 'Notes on {{inputs.topic}}' },
        {
          id: 'check',
          block: 'assert',
          that: 'steps.compose.output === "Notes on " + inputs.topic',
          message: 'The text must name the topic',
        },
        {
          id: 'write',
          block: 'wiki.write',
          path: '/Private',
          title,
          markdown: '{{steps.compose.output}}',
        },
      ],
      { deliverable: 'write' },
    );
    const run = await waitFor(server, person, runId, ended);
    expect(run.status).toBe('completed');
    expect(run.steps.map((step) => step.status)).toEqual(['completed', 'completed', 'completed']);
    expect(run.steps.every((step) => step.started_at && step.finished_at)).toBe(true);

    const report = await call<Report>(server.baseUrl, 'GET', `/api/reports/${runId}`, {
      cookie: person.cookie,
    });
    const pageId = report.body.presentation.deliverables[0].page_public_id;
    const page = await call<{ page: { title: string; content_md: string } }>(
      server.baseUrl,
      'GET',
      `/api/wiki/pages/${pageId}`,
      { cookie: person.cookie },
    );
    expect(page.body.page).toMatchObject({ title, content_md: 'Notes on pricing' });
  });

  it("writes the report's summary to the workflow's output page as the starter", async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const workflow = await createTestWorkflow(server, person, {
      outputPage: { path: '/Private/Reports', title: 'Latest digest' },
    });
    const started = await call<{ run_id: string }>(
      server.baseUrl,
      'POST',
      `/api/workflows/${workflow.id}/run`,
      { cookie: person.cookie, body: { inputs: { topic: 'pricing' } } },
    );
    expect((await waitFor(server, person, started.body.run_id, ended)).status).toBe('completed');

    const folder = await call<{ items: { type: string; title: string; public_id: string }[] }>(
      server.baseUrl,
      'GET',
      '/api/wiki/folders?path=/Private/Reports',
      { cookie: person.cookie },
    );
    const entry = folder.body.items.find((item) => item.title === 'Latest digest');
    const page = await call<{ page: { content_md: string } }>(
      server.baseUrl,
      'GET',
      `/api/wiki/pages/${entry?.public_id}`,
      { cookie: person.cookie },
    );
    expect(page.body.page.content_md).toContain(`Run ${started.body.run_id} of ${workflow.name}`);
    expect(page.body.page.content_md).toContain('- **digest**: About pricing');
  });

  it('fails the run with the message of an assert that is not true', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(server, person, [
      { id: 'compose', block: 'text.compose', template: '{{inputs.topic}}' },
      {
        id: 'check',
        block: 'assert',
        that: 'steps.compose.output === "other"',
        message: 'Wrong topic',
      },
      { id: 'never', block: 'text.compose', template: 'x' },
    ]);
    const run = await waitFor(server, person, runId, ended);
    expect(run.status).toBe('failed');
    expect(run.errors).toEqual([{ code: 'assertion_failed', message: 'Wrong topic' }]);
    expect(run.steps.map((step) => step.status)).toEqual(['completed', 'failed', 'pending']);
  });

  it('runs an assert whose `that` is a boolean: true passes, false fails the run with its message', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const passing = await startRun(server, person, [
      { id: 'check', block: 'assert', that: true, message: 'never shown' },
      { id: 'after', block: 'text.compose', template: 'checked {{inputs.topic}}' },
    ]);
    const passed = await waitFor(server, person, passing, ended);
    expect(passed.status).toBe('completed');
    expect(passed.steps.map((step) => step.status)).toEqual(['completed', 'completed']);
    const failing = await startRun(server, person, [
      { id: 'check', block: 'assert', that: false, message: 'Not ready to publish' },
      { id: 'never', block: 'text.compose', template: 'x' },
    ]);
    const failed = await waitFor(server, person, failing, ended);
    expect(failed.status).toBe('failed');
    expect(failed.errors).toEqual([{ code: 'assertion_failed', message: 'Not ready to publish' }]);
    expect(failed.steps.map((step) => step.status)).toEqual(['failed', 'pending']);
  });

  it('fails a step whose filled-in template would pass 1,000,000 characters with template_too_long', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(server, person, [
      { id: 'wide', block: 'text.compose', template: 'x'.repeat(200_000) },
      { id: 'wider', block: 'text.compose', template: '{{steps.wide.output}}'.repeat(6) },
      { id: 'never', block: 'text.compose', template: 'x' },
    ]);
    const run = await waitFor(server, person, runId, ended);
    expect(run.status).toBe('failed');
    expect(run.errors).toEqual([
      {
        code: 'template_too_long',
        message: 'step "wider": the filled-in template would hold more than 1000000 characters',
      },
    ]);
    expect(run.steps.map((step) => step.status)).toEqual(['completed', 'failed', 'pending']);
  });

  it('ends budget_exceeded past max_steps', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(
      server,
      person,
      [
        { id: 'one', block: 'text.compose', template: '1' },
        { id: 'two', block: 'text.compose', template: '2' },
      ],
      { budget: { max_steps: 1 } },
    );
    const run = await waitFor(server, person, runId, ended);
    expect(run.status).toBe('budget_exceeded');
    expect(run.steps.map((step) => step.status)).toEqual(['completed', 'pending']);
  });

  it('round-trips a work packet: one answer of many concurrent ones resumes the run', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const outsider = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(
      server,
      person,
      [
        { id: 'ask', block: 'work_packet', instructions: 'Summarise {{inputs.topic}}' },
        { id: 'use', block: 'text.compose', template: 'Got {{steps.ask.output.summary}}' },
      ],
      { deliverable: 'use' },
    );
    await waitFor(server, person, runId, (run) => run.status === 'awaiting_work_packet');
    const path = `/api/workflows/runs/${runId}/work-packet`;
    const packet = await call<Packet>(server.baseUrl, 'GET', path, { cookie: person.cookie });
    expect(packet.status).toBe(200);
    expect(packet.body).toEqual({
      packet_id: expect.any(String),
      instructions: 'Summarise pricing',
      inputs: { topic: 'pricing' },
    });

    const hidden = await call(server.baseUrl, 'GET', path, { cookie: outsider.cookie });
    expect(hidden.status).toBe(404);
    const wrong = await call<Refusal>(server.baseUrl, 'POST', path, {
      cookie: person.cookie,
      body: { packet_id: randomUUID(), result: { summary: 'no' } },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.code).toBe('RUN_STATE_CONFLICT');
    const unknownField = await call(server.baseUrl, 'POST', path, {
      cookie: person.cookie,
      body: { packet_id: packet.body.packet_id, result: 1, extra: true },
    });
    expect(unknownField.status).toBe(400);
    expect((await view(server, person, runId)).body.status).toBe('awaiting_work_packet');

    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(server.baseUrl, 'POST', path, {
          cookie: person.cookie,
          body: { packet_id: packet.body.packet_id, result: { summary: 'cheap' } },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const run = await waitFor(server, person, runId, ended);
    expect(run.status).toBe('completed');
    const report = await call<Report>(server.baseUrl, 'GET', `/api/reports/${runId}`, {
      cookie: person.cookie,
    });
    expect(report.body.presentation.deliverables[0].value).toBe('Got cheap');
    expect((await call(server.baseUrl, 'GET', path, { cookie: person.cookie })).status).toBe(409);
  });

  it('sleeps through a wait step and runs on when it is over', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const before = Date.now();
    const runId = await startRun(server, person, [
      { id: 'pause', block: 'wait', seconds: 1 },
      { id: 'after', block: 'text.compose', template: 'awake' },
    ]);
    const run = await waitFor(server, person, runId, ended);
    expect(run.status).toBe('completed');
    expect(Date.parse(run.steps[1].started_at!) - before).toBeGreaterThanOrEqual(1_000);
  });

  it('stops a run cancelled while a step runs before its next step', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(server, person, [
      {
        id: 'busy',
        block: 'code.run',
        code: 'const until = Date.now() + 1500; while (Date.now() < until) {} 1',
      },
      { id: 'after', block: 'text.compose', template: 'too late' },
    ]);
    await waitFor(server, person, runId, (run) => run.steps[0].status === 'running');
    const cancel = await call<{ cancel_requested: boolean }>(
      server.baseUrl,
      'POST',
      `/api/workflows/runs/${runId}/cancel`,
      { cookie: person.cookie },
    );
    expect(cancel.status).toBe(200);
    const run = await waitFor(server, person, runId, ended);
    expect(run.status).toBe('cancelled');
    expect(run.steps.map((step) => step.status)).toEqual(['completed', 'pending']);
  });

  it('fails a model.generate step with capability_gap when no provider is configured', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(server, person, [
      { id: 'ask', block: 'model.generate', prompt: 'Hello' },
    ]);
    const run = await waitFor(server, person, runId, ended);
    expect(run.status).toBe('failed');
    expect(run.errors[0].code).toBe('capability_gap');
  });

  it('calls a loopback receiver (allowed in tests) and refuses a private address', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const allowed = await startRun(server, person, [
      { id: 'call', block: 'http.request', url: `${receiverUrl}/hook?topic={{inputs.topic}}` },
      {
        id: 'check',
        block: 'assert',
        that: 'steps.call.output.status === 200 && steps.call.output.body.url === "/hook?topic=pricing"',
        message: 'The receiver answered',
      },
    ]);
    expect((await waitFor(server, person, allowed, ended)).status).toBe('completed');

    const refused = await startRun(server, person, [
      { id: 'call', block: 'http.request', url: 'https://10.0.0.1/hook' },
    ]);
    const run = await waitFor(server, person, refused, ended);
    expect(run.status).toBe('failed');
    expect(run.errors[0].code).toBe('address_refused');
  });
});

describe('claiming, resuming and reconciling runs (no queue worker: driven directly)', () => {
  const STALE_SECONDS = 30;
  const LEASE = { leaseSeconds: 15, staleSeconds: STALE_SECONDS, lostClaimsToStale: 3 };
  let server: TestApp;
  let execution: RunExecutionService;
  let runs: RunLeaseRepository;
  let ending: RunEndingRepository;
  let steps: RunStepRepository;
  const model = new FakeModelProvider();

  beforeAll(async () => {
    server = await startWorkflowsTestApp({
      env: {
        RUNS_WORKER: 'off',
        RUNS_STALE_AFTER_SECONDS: String(STALE_SECONDS),
        MODEL_PROVIDER_URL: await model.start(),
        MODEL_NAME: 'writer-1',
      },
    });
    execution = server.app.get(RunExecutionService);
    runs = server.app.get(RunLeaseRepository);
    ending = server.app.get(RunEndingRepository);
    steps = server.app.get(RunStepRepository);
  });
  afterAll(async () => {
    await server.close();
    await model.stop();
  });

  const heartbeatAgo = (runId: string, seconds: number) =>
    server.app
      .get(DataSource)
      .query(`UPDATE workflows.runs SET heartbeat_at = $2 WHERE id = $1`, [
        runId,
        new Date(Date.now() - seconds * 1000),
      ]);

  const status = async (runId: string) =>
    (await findTestRun(server.app.get(DataSource), runId)).status;

  const dbNow = async (): Promise<Date> => {
    const [row] = await server.app.get(DataSource).query<{ now: Date }[]>('SELECT now() AS now');
    return row.now;
  };

  it('searches and reads the wiki as the starter, and fails a read of a page they cannot see', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const outsider = await signInTestPerson(server.baseUrl, { company: company() });
    const word = `zebra${randomBytes(3).toString('hex')}`;
    await createTestPage(server.baseUrl, person, {
      title: 'Pricing notes',
      markdown: `The ${word} plan costs less.`,
      path: '/Private',
    });
    const hidden = await createTestPage(server.baseUrl, outsider, {
      title: 'Secret',
      markdown: 'x',
      path: '/Private',
    });
    const runId = await startRun(server, person, [
      { id: 'find', block: 'wiki.search', query: word, limit: 3 },
      { id: 'read', block: 'wiki.read', page: '{{steps.find.output.0.page_public_id}}' },
    ]);
    expect(await execution.execute(runId)).toBe('completed');
    const [found, read] = await steps.findRecords(runId);
    expect(found.output).toEqual([expect.objectContaining({ title: 'Pricing notes' })]);
    expect(read.output).toMatchObject({
      title: 'Pricing notes',
      version: 1,
      markdown: `The ${word} plan costs less.`,
    });

    const refused = await startRun(server, person, [
      { id: 'read', block: 'wiki.read', page: hidden.page.public_id },
    ]);
    expect(await execution.execute(refused)).toBe('failed');
    expect((await steps.findRecords(refused))[0].error?.code).toBe('not_found');
  });

  it('asks the configured model provider in a model.generate step', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    model.answer({ text: 'Prices went down.' });
    const runId = await startRun(server, person, [
      {
        id: 'ask',
        block: 'model.generate',
        prompt: 'Summarise {{inputs.topic}}',
        system: 'Be brief',
      },
    ]);
    expect(await execution.execute(runId)).toBe('completed');
    expect((await steps.findRecords(runId))[0].output).toBe('Prices went down.');
    expect(model.requests[0]).toMatchObject({
      model: 'writer-1',
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'Summarise pricing' },
      ],
    });
  });

  it('fails a wiki step whose starter left the company with access_lost', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(server, person, [
      { id: 'write', block: 'wiki.write', path: '/Private', title: 'Left', markdown: 'x' },
    ]);
    await server.app.get(DirectoryService).removeMembership(person.companyId, person.personId);
    expect(await execution.execute(runId)).toBe('failed');
    const [record] = await steps.findRecords(runId);
    expect(record.error).toEqual({ code: 'access_lost', message: expect.any(String) });
  });

  it('resumes a run whose worker died from its last finished step, fencing the dead worker', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(server, person, [
      { id: 'first', block: 'text.compose', template: 'one' },
      { id: 'second', block: 'text.compose', template: '{{steps.first.output}} two' },
    ]);
    const manager = server.app.get(DataSource).manager;
    const dead = (await runs.claim(runId, LEASE))!;
    const first = { runId, index: 0, stepId: 'first', block: 'text.compose' };
    const second = { runId, index: 1, stepId: 'second', block: 'text.compose' };
    await steps.markRunning(manager, first, dead.leaseGeneration);
    await steps.markFinished(manager, first, dead.leaseGeneration, {
      status: 'completed',
      output: 'one',
      error: null,
    });
    await steps.markRunning(manager, second, dead.leaseGeneration);
    const [finishedFirst] = await steps.findRecords(runId);

    expect(await execution.execute(runId)).toBe('not_claimed');
    await heartbeatAgo(runId, 20);
    expect(await execution.execute(runId)).toBe('completed');

    const records = await steps.findRecords(runId);
    expect(records.map((record) => [record.status, record.output])).toEqual([
      ['completed', 'one'],
      ['completed', 'one two'],
    ]);
    expect(records[0].started_at).toEqual(finishedFirst.started_at);
    const late = await steps.markFinished(manager, second, dead.leaseGeneration, {
      status: 'failed',
      output: null,
      error: { code: 'late', message: 'a dead worker' },
    });
    expect(late).toBe(false);
  });

  it('marks no step running in a run being cancelled: the mark waits for the cancel, then finds the run ended', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(server, person, [
      { id: 'only', block: 'text.compose', template: 'one' },
    ]);
    const dataSource = server.app.get(DataSource);
    const held = (await runs.claim(runId, LEASE))!;
    const slot = { runId, index: 0, stepId: 'only', block: 'text.compose' };
    const cancel = dataSource.createQueryRunner();
    await cancel.connect();
    try {
      // A cancel between steps: it locks the run, sees no step running and ends the run.
      await cancel.startTransaction();
      const locked = (await runs.lockHeld(cancel.manager, runId, held.leaseGeneration))!;
      const marking = steps.markRunning(dataSource.manager, slot, held.leaseGeneration);
      const first = await Promise.race([
        marking,
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300)),
      ]);
      expect(first).toBe('still waiting');
      await server.app.get(RunReportWriter).finish(cancel.manager, locked, 'cancelled', {
        code: 'cancelled',
        message: 'Cancelled on request.',
      });
      await cancel.commitTransaction();
      expect(await marking).toBe('lease_lost');
    } finally {
      await cancel.release();
    }
    expect(await steps.findRecords(runId)).toEqual([]);
    expect(await status(runId)).toBe('cancelled');
  });

  it('marks no step running once a cancel was asked for, and says so', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(server, person, [
      { id: 'only', block: 'text.compose', template: 'one' },
    ]);
    const manager = server.app.get(DataSource).manager;
    const held = (await runs.claim(runId, LEASE))!;
    const slot = { runId, index: 0, stepId: 'only', block: 'text.compose' };
    await ending.requestCancel(manager, runId);
    expect(await steps.markRunning(manager, slot, held.leaseGeneration)).toBe('cancel_requested');
    expect(await steps.markRunning(manager, slot, held.leaseGeneration + 1)).toBe('lease_lost');
    expect(await steps.findRecords(runId)).toEqual([]);
  });

  it('marks no instant step running: a run of them is claimed, then ended with their records', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const runId = await startRun(server, person, [
      { id: 'first', block: 'text.compose', template: 'one' },
      { id: 'second', block: 'text.compose', template: '{{steps.first.output}} two' },
    ]);
    const marks = jest.spyOn(steps, 'markRunning');
    try {
      expect(await execution.execute(runId)).toBe('completed');
      expect(marks).not.toHaveBeenCalled();
    } finally {
      marks.mockRestore();
    }
    const records = await steps.findRecords(runId);
    expect(records.map((record) => [record.id, record.status, record.output])).toEqual([
      ['first', 'completed', 'one'],
      ['second', 'completed', 'one two'],
    ]);
  });

  it('writes steps with the run’s next write; a cancel asked for meanwhile drops the instant ones only', async () => {
    const person = await signInTestPerson(server.baseUrl, { company: company() });
    const definition: WorkflowStep[] = [
      { id: 'compose', block: 'text.compose', template: 'one' },
      { id: 'check', block: 'assert', that: 'steps.compose.output === "one"', message: 'x' },
    ];
    const manager = server.app.get(DataSource).manager;
    const writer = server.app.get(RunReportWriter);
    const finished = (index: number, id: string, block: string, agoMs: number) => ({
      step_index: index,
      step_id: id,
      block,
      status: 'completed' as const,
      output: id === 'compose' ? 'one' : true,
      error: null,
      started_ago_ms: agoMs,
      finished_ago_ms: agoMs - 5,
    });
    const compose = finished(0, 'compose', 'text.compose', 40);
    const check = finished(1, 'check', 'assert', 20);
    const both = { instant: [compose], effectful: [check] };
    const ids = async (runId: string) =>
      (await steps.findRecords(runId)).map((record) => record.id);

    const completedRun = await startRun(server, person, definition);
    const held = (await runs.claim(completedRun, LEASE))!;
    const before = await dbNow();
    expect(await writer.finishHeld(manager, held, 'completed', null, both)).toBe('completed');
    const records = await steps.findRecords(completedRun);
    expect(records.map((record) => [record.id, record.status, record.output])).toEqual([
      ['compose', 'completed', 'one'],
      ['check', 'completed', true],
    ]);
    const at = (date: Date | null) => date!.getTime() - before.getTime();
    expect(at(records[0].started_at)).toBeLessThan(at(records[0].finished_at));
    expect(at(records[0].finished_at)).toBeLessThan(at(records[1].started_at));
    expect(at(records[0].started_at)).toBeGreaterThan(-1_000);

    // With instant steps unwritten, a cancel asked for meanwhile wins; what had effects stays.
    const cancelledRun = await startRun(server, person, definition);
    const cancelledHeld = (await runs.claim(cancelledRun, LEASE))!;
    await ending.requestCancel(manager, cancelledRun);
    expect(await writer.finishHeld(manager, cancelledHeld, 'completed', null, both)).toBe(
      'cancelled',
    );
    expect(await ids(cancelledRun)).toEqual(['check']);
    expect(await status(cancelledRun)).toBe('cancelled');
    // Without, the run ends as its steps say (the cancel came too late).
    const lateRun = await startRun(server, person, definition);
    const lateHeld = (await runs.claim(lateRun, LEASE))!;
    await ending.requestCancel(manager, lateRun);
    const effectsOnly = { instant: [], effectful: [check] };
    expect(await writer.finishHeld(manager, lateHeld, 'completed', null, effectsOnly)).toBe(
      'completed',
    );

    const recordedRun = await startRun(server, person, definition);
    const gen = (await runs.claim(recordedRun, LEASE))!.leaseGeneration;
    expect(await steps.recordFinished(manager, recordedRun, gen + 1, both)).toBe('lease_lost');
    const composeOnly = { instant: [compose], effectful: [] };
    expect(await steps.recordFinished(manager, recordedRun, gen, composeOnly)).toBe('written');
    await ending.requestCancel(manager, recordedRun);
    const checkAgain = { instant: [finished(1, 'check', 'text.compose', 10)], effectful: [] };
    expect(await steps.recordFinished(manager, recordedRun, gen, checkAgain)).toBe(
      'cancel_requested',
    );
    expect(await ids(recordedRun)).toEqual(['compose']);
    const effects = { instant: [], effectful: [check] };
    expect(await steps.recordFinished(manager, recordedRun, gen, effects)).toBe('cancel_requested');
    expect(await ids(recordedRun)).toEqual(['compose', 'check']);
  });
});
