import { randomBytes } from 'node:crypto';
import { DirectoryService } from '@cw/identity';
import { QueueName, QueueRegistry } from '@cw/queue';
import { type SignedInTestPerson, signInTestPerson, type TestApp } from '@cw/testing';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import type { Workflow } from '../src/workflows-schema';
import type { NewWorkflow } from '../src/definitions/workflow.repository';
import { ScheduleReconciler } from '../src/schedules/schedule-reconciler.service';
import {
  SCHEDULED_START_JOB,
  type ScheduledStartData,
  schedulerIdOf,
} from '../src/schedules/workflow-schedule.service';
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

    for (const [workflow, code] of [
      [draft, 'WORKFLOW_NOT_STARTABLE'],
      [archived, 'WORKFLOW_NOT_STARTABLE'],
      [needsInputs, 'VALIDATION_ERROR'],
      [orphan, undefined],
    ] as const) {
      expect(await occur(workflow)).toEqual({
        started: false,
        reason: expect.any(String),
        ...(code ? { code } : {}),
      });
      expect(await runsOf(workflow)).toEqual([]);
    }
    expect(await occur({ ...draft, id: '00000000-0000-4000-8000-000000000000' })).toEqual({
      started: false,
      reason: 'the workflow no longer exists',
    });
  });

  describe('the schedule reconciler', () => {
    const schedules = () => server.app.get(QueueRegistry).queue(QueueName.WorkflowSchedules);
    const reconcile = () => server.app.get(ScheduleReconciler).reconcile();
    const schedulerOf = (workflow: Workflow) =>
      schedules().getJobScheduler(schedulerIdOf(workflow.id));
    /** Whether the queue lists a scheduler for the workflow (`getJobScheduler` answers a blank one for a missing id). */
    const hasScheduler = async (workflow: Workflow) =>
      (await schedules().getJobSchedulers(0, -1)).some(
        (scheduler) => scheduler.key === schedulerIdOf(workflow.id),
      );

    /** As if the workflow's last change were `seconds` ago: changes younger than a minute are left to their own call. */
    async function changedAgo(workflow: Workflow, seconds: number): Promise<void> {
      await dataSource.query(
        `UPDATE workflows.workflows SET updated_at = now() - make_interval(secs => $2) WHERE id = $1`,
        [workflow.id, seconds],
      );
    }

    it('gives a lost scheduler back, with the cron and time zone of PostgreSQL, and repairs a changed one', async () => {
      const nightly = await makeWorkflow(owner, {
        schedule: { cron: '0 3 * * *', timezone: 'UTC' },
      });
      const weekly = await makeWorkflow(owner, {
        schedule: { cron: '30 8 * * 1', timezone: 'Europe/Berlin' },
      });
      await changedAgo(nightly, 120);
      await changedAgo(weekly, 120);
      await schedules().removeJobScheduler(schedulerIdOf(nightly.id));
      await schedules().upsertJobScheduler(
        schedulerIdOf(weekly.id),
        { pattern: '0 0 * * *', tz: 'UTC' },
        { name: SCHEDULED_START_JOB, data: { workflow_id: weekly.id } },
      );

      const repair = await reconcile();

      expect(repair.upserted).toBeGreaterThanOrEqual(2);
      expect(await schedulerOf(nightly)).toMatchObject({
        name: SCHEDULED_START_JOB,
        pattern: '0 3 * * *',
        tz: 'UTC',
        template: { data: { workflow_id: nightly.id } },
      });
      expect(await schedulerOf(weekly)).toMatchObject({
        pattern: '30 8 * * 1',
        tz: 'Europe/Berlin',
      });
      expect(await reconcile()).toEqual({ upserted: 0, removed: 0 });
    });

    it('removes the scheduler of a workflow no longer active, or gone, and keeps other schedulers', async () => {
      const archived = await makeWorkflow(owner, { status: 'archived' });
      const gone = await makeWorkflow(owner);
      const other = 'cleanup:nightly';
      for (const workflow of [archived, gone]) {
        await schedules().upsertJobScheduler(
          schedulerIdOf(workflow.id),
          { pattern: '0 3 * * *', tz: 'UTC' },
          { name: SCHEDULED_START_JOB, data: { workflow_id: workflow.id } },
        );
      }
      await schedules().upsertJobScheduler(other, { pattern: '0 4 * * *' }, { name: 'other' });
      await changedAgo(archived, 120);
      await dataSource.query('DELETE FROM workflows.workflows WHERE id = $1', [gone.id]);

      const repair = await reconcile();

      expect(repair.removed).toBeGreaterThanOrEqual(2);
      expect(await hasScheduler(archived)).toBe(false);
      expect(await hasScheduler(gone)).toBe(false);
      const firings = (await schedules().getJobs(['delayed'])).map(
        (job) => (job.data as ScheduledStartData).workflow_id,
      );
      expect(firings).not.toContain(archived.id);
      expect(firings).not.toContain(gone.id);
      expect(await schedules().getJobScheduler(other)).toMatchObject({ pattern: '0 4 * * *' });
      await schedules().removeJobScheduler(other);
    });

    it('leaves a workflow changed within the last minute to its own scheduler call', async () => {
      const fresh = await makeWorkflow(owner);
      const justArchived = await makeWorkflow(owner, { status: 'archived' });
      await schedules().upsertJobScheduler(
        schedulerIdOf(justArchived.id),
        { pattern: '0 3 * * *', tz: 'UTC' },
        { name: SCHEDULED_START_JOB, data: { workflow_id: justArchived.id } },
      );

      await reconcile();

      expect(await hasScheduler(fresh)).toBe(false);
      expect(await schedulerOf(justArchived)).toMatchObject({ pattern: '0 3 * * *' });
      await changedAgo(fresh, 120);
      await changedAgo(justArchived, 120);
      await reconcile();
      expect(await schedulerOf(fresh)).toMatchObject({ pattern: '0 3 * * *' });
      expect(await hasScheduler(justArchived)).toBe(false);
    });

    it('ends with one scheduler and one next firing per scheduled workflow when passes run in parallel', async () => {
      const workflows = await Promise.all(Array.from({ length: 6 }, () => makeWorkflow(owner)));
      for (const workflow of workflows) await changedAgo(workflow, 120);

      await Promise.all(Array.from({ length: 4 }, () => reconcile()));

      // Scheduler ids are unique in Redis; what parallel passes could double is the next firing.
      const next = await schedules().getJobs(['delayed']);
      for (const workflow of workflows) {
        expect(await schedulerOf(workflow)).toMatchObject({
          pattern: '0 3 * * *',
          tz: 'UTC',
          template: { data: { workflow_id: workflow.id } },
        });
        expect(next.filter((job) => job.data.workflow_id === workflow.id)).toHaveLength(1);
      }
      expect(await reconcile()).toEqual({ upserted: 0, removed: 0 });
    });
  });
});
