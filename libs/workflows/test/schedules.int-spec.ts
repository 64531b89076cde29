import { randomBytes } from 'node:crypto';
import { DirectoryService } from '@cw/identity';
import { QueueName, QueueRegistry } from '@cw/queue';
import { type SignedInTestPerson, signInTestPerson, type TestApp } from '@cw/testing';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import type { Workflow } from '../src/definitions/entities/workflow.entity';
import type { NewWorkflow } from '../src/definitions/workflow.repository';
import { SCHEDULED_START_JOB } from '../src/schedules/workflow-schedule.service';
import { createTestWorkflow } from './runs-fixtures';
import { startWorkflowsTestApp } from './workflows-test-app';

jest.setTimeout(60_000);

describe('scheduled starts (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let dataSource: DataSource;
  let owner: SignedInTestPerson;

  beforeAll(async () => {
    server = await startWorkflowsTestApp({ env: { RUNS_WORKER: 'on' } });
    dataSource = server.app.get(DataSource);
    owner = await signInTestPerson(server.baseUrl, {
      company: `Cron Co ${randomBytes(3).toString('hex')}`,
    });
  });
  afterAll(() => server.close());

  /** A nightly workflow of `person` (the shared fixture, with this spec's inputs and step). */
  function makeWorkflow(
    person: SignedInTestPerson,
    overrides: Partial<NewWorkflow> = {},
  ): Promise<Workflow> {
    return createTestWorkflow(server, person, {
      visibility: 'private',
      inputs: [{ name: 'note', type: 'text', required: false }],
      definition: {
        steps: [{ id: 'compose', block: 'text.compose', template: 'Nightly {{inputs.note}}' }],
        deliverables: [],
        budget: {},
      },
      schedule: { cron: '0 3 * * *', timezone: 'UTC' },
      ...overrides,
    });
  }

  /** Adds a scheduled-start job the way a job scheduler does, and waits until it is processed. */
  async function occur(workflow: Workflow): Promise<unknown> {
    const queue = server.app.get(QueueRegistry).queue(QueueName.WorkflowSchedules);
    const job: Job = await queue.add(SCHEDULED_START_JOB, { workflow_id: workflow.id });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const state = await job.getState();
      if (state === 'completed' || state === 'failed') break;
      if (Date.now() > deadline) throw new Error(`job still ${state}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const done = await queue.getJob(job.id!);
    return done?.returnvalue;
  }

  async function runsOf(
    workflow: Workflow,
  ): Promise<{ id: string; trigger: string; started_by: string; inputs: unknown }[]> {
    return dataSource.query(
      'SELECT id, trigger, started_by, inputs FROM workflows.runs WHERE workflow_id = $1',
      [workflow.id],
    );
  }

  it('starts a run of an active workflow as its owner, with trigger schedule and no inputs', async () => {
    const workflow = await makeWorkflow(owner);
    const outcome = await occur(workflow);
    expect(outcome).toEqual({ started: true, run_id: expect.any(String) });
    expect(await runsOf(workflow)).toEqual([
      {
        id: (outcome as { run_id: string }).run_id,
        trigger: 'schedule',
        started_by: owner.personId,
        inputs: {},
      },
    ]);
  });

  it('skips a workflow that is not active, that requires inputs, or whose owner left', async () => {
    const draft = await makeWorkflow(owner, { status: 'draft' });
    const archived = await makeWorkflow(owner, { status: 'archived' });
    const needsInputs = await makeWorkflow(owner, {
      inputs: [{ name: 'topic', type: 'text', required: true }],
    });
    const leaver = await signInTestPerson(server.baseUrl, {
      company: `Gone Co ${randomBytes(3).toString('hex')}`,
    });
    const orphan = await makeWorkflow(leaver);
    await server.app.get(DirectoryService).removeMembership(leaver.companyId, leaver.personId);

    for (const workflow of [draft, archived, needsInputs, orphan]) {
      expect(await occur(workflow)).toEqual({ started: false, reason: expect.any(String) });
      expect(await runsOf(workflow)).toEqual([]);
    }
    expect(await occur({ ...draft, id: '00000000-0000-4000-8000-000000000000' })).toEqual({
      started: false,
      reason: 'the workflow no longer exists',
    });
  });
});
