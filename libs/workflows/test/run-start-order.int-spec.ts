import { randomBytes } from 'node:crypto';
import { call, type SignedInTestPerson, signInTestPerson, type TestApp } from '@cw/testing';
import type { Workflow, WorkflowStatus } from '../src/workflows-schema';
import { ScheduledStartService } from '../src/triggers/scheduled-start.service';
import { countWritten, createTestWorkflow, setWorkflowStatus } from './runs-fixtures';
import { startWorkflowsTestApp } from './workflows-test-app';

jest.setTimeout(60_000);

interface Link {
  url: string;
}

interface Answer {
  run_id?: string;
  error?: { code: string };
}

type Path = 'rest' | 'webhook' | 'schedule';

const PATHS: readonly Path[] = ['rest', 'webhook', 'schedule'];

/**
 * Every start path (REST, which the CLI and MCP `run_workflow` call; the webhook trigger; the
 * scheduler) goes through `RunStartService.start`, so a start that several checks refuse gets the
 * first of them in that order whichever path it took.
 */
describe('the refusal order of a start, the same on every path', () => {
  let server: TestApp;
  let owner: SignedInTestPerson;

  beforeAll(async () => {
    server = await startWorkflowsTestApp({
      env: { RUNS_HOURLY_START_LIMIT: '1', RUNS_WORKER: 'off' },
    });
    owner = await signInTestPerson(server.baseUrl, {
      company: `Order Co ${randomBytes(3).toString('hex')}`,
    });
  });
  afterAll(() => server.close());

  /**
   * A workflow whose one input `topic` is required unless told (a scheduled start, which gives
   * no inputs, is then always refused it), with a webhook link, and its hourly start limit of one
   * used up: a REST
   * start took it (so this process knows the workflow's inputs and tries the one-statement start
   * first), and a webhook trigger was refused for it (so the trigger holds the link in its cache).
   */
  async function workflowOverItsLimit(
    required = true,
  ): Promise<{ workflow: Workflow; link: Link }> {
    const workflow = await createTestWorkflow(server, owner, {
      inputs: [{ name: 'topic', type: 'text', required }],
    });
    const created = await call<Link>(
      server.baseUrl,
      'POST',
      `/api/workflows/${workflow.id}/webhook-link`,
      { cookie: owner.cookie },
    );
    expect(created.status).toBe(201);
    expect((await through('rest', workflow, created.body, { topic: 'a' })).status).toBe(201);
    const limited = await through('webhook', workflow, created.body, { topic: 'b' });
    expect(limited.body.error?.code).toBe('RUN_START_LIMIT_REACHED');
    return { workflow, link: created.body };
  }

  async function through(
    path: Path,
    workflow: Workflow,
    link: Link,
    inputs: Record<string, unknown>,
  ): Promise<{ status: number | 'skipped' | 'started'; body: Answer }> {
    if (path === 'rest') {
      return call<Answer>(server.baseUrl, 'POST', `/api/workflows/${workflow.number}/run`, {
        cookie: owner.cookie,
        body: { inputs },
      });
    }
    if (path === 'webhook') return call<Answer>(server.baseUrl, 'POST', link.url, { body: inputs });
    const outcome = await server.app.get(ScheduledStartService).start(workflow.id);
    return outcome.started
      ? { status: 'started', body: { run_id: outcome.run_id } }
      : { status: 'skipped', body: { error: { code: outcome.code ?? outcome.reason } } };
  }

  /** The code each path refuses this start with. */
  async function firstRefusals(
    workflow: Workflow,
    link: Link,
    inputs: Record<string, unknown>,
  ): Promise<Record<Path, string | undefined>> {
    const codes: Partial<Record<Path, string | undefined>> = {};
    for (const path of PATHS) {
      codes[path] = (await through(path, workflow, link, inputs)).body.error?.code;
    }
    return codes as Record<Path, string | undefined>;
  }

  it.each<[string, WorkflowStatus, string]>([
    ['archived, inputs missing, over the limit', 'archived', 'WORKFLOW_NOT_STARTABLE'],
    ['deleted, inputs missing, over the limit', 'deleted', 'WORKFLOW_NOT_STARTABLE'],
    ['active, inputs missing, over the limit', 'active', 'VALIDATION_ERROR'],
  ])('refuses a start %s with the same first refusal on every path', async (_, status, code) => {
    const { workflow, link } = await workflowOverItsLimit();
    await setWorkflowStatus(server, workflow.id, status);

    expect(await firstRefusals(workflow, link, {})).toEqual({
      rest: code,
      webhook: code,
      schedule: code,
    });
    expect(await countWritten(server, workflow.id)).toEqual({ runs: 1, receipts: 0 });
  });

  it('differs between paths in what START_PATHS gives each: over the limit, its refusal', async () => {
    const { workflow, link } = await workflowOverItsLimit(false);
    // REST answers 429, the webhook trigger 409 (the spec's), and a scheduled start is not
    // counted: it starts.
    expect(await firstRefusals(workflow, link, { topic: 'c' })).toEqual({
      rest: 'RATE_LIMITED',
      webhook: 'RUN_START_LIMIT_REACHED',
      schedule: undefined,
    });
    expect(await countWritten(server, workflow.id)).toEqual({ runs: 2, receipts: 0 });
  });
});
