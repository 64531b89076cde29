import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getQueueToken } from '@nestjs/bullmq';
import { QueueName, QueueRegistry } from '@cw/queue';
import { PrivateRedis } from '@cw/queue/testing';
import { signInTestPerson, type SignedInTestPerson, type TestApp } from '@cw/testing';
import { type Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { WorkflowStep } from '../src/definitions/workflow-definition';
import type { Run } from '../src/workflows-schema';
import {
  LEASE_SECONDS,
  LOST_CLAIMS_TO_STALE,
  RunExecutionService,
} from '../src/runs/execution/run-execution.service';
import { jobIdOf, type RunJobData } from '../src/runs/execution/run-queue';
import { RunReconcilerService } from '../src/runs/execution/run-reconciler.service';
import { RunLeaseRepository } from '../src/runs/run-lease.repository';
import { RunStartRepository } from '../src/runs/run-start.repository';
import { RunStepRepository, type StepSlot } from '../src/runs/run-step.repository';
import { createTestWorkflow, findTestRun } from './runs-fixtures';
import { startWorkflowsTestApp } from './workflows-test-app';

jest.setTimeout(90_000);

type RunColumn = 'heartbeat_at' | 'updated_at' | 'created_at' | 'wake_at' | 'requeued_at';

/** What each test here drives a run with: an app, its owner, and direct access to the row. */
interface RunsHarness {
  server: TestApp;
  owner: SignedInTestPerson;
  /** A running run of these steps, inserted as a start would but with no job for it anywhere. */
  insertRun(steps: WorkflowStep[]): Promise<string>;
  /** Moves timestamps of the run `seconds` into the past. */
  backdate(runId: string, seconds: number, ...columns: RunColumn[]): Promise<void>;
  run(runId: string): Promise<Run>;
  queue(): Queue<RunJobData>;
}

function harness(server: TestApp, owner: SignedInTestPerson): RunsHarness {
  const dataSource = server.app.get(DataSource);
  return {
    server,
    owner,
    async insertRun(steps) {
      const definition = { steps, deliverables: [], budget: {} };
      const workflow = await createTestWorkflow(server, owner, { definition });
      return dataSource.transaction((manager) =>
        server.app.get(RunStartRepository).insertRunning(manager, {
          companyId: owner.companyId,
          workflowId: workflow.id,
          startedBy: owner.personId,
          trigger: 'api',
          title: null,
          inputs: { topic: 'pricing' },
          definition,
        }),
      );
    },
    async backdate(runId, seconds, ...columns) {
      const set = columns.map((column) => `${column} = now() - make_interval(secs => $2)`);
      await dataSource.query(`UPDATE workflows.runs SET ${set.join(', ')} WHERE id = $1`, [
        runId,
        seconds,
      ]);
    },
    run: (runId) => findTestRun(dataSource, runId),
    queue: () => server.app.get<Queue<RunJobData>>(getQueueToken(QueueName.WorkflowRuns)),
  };
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startReceiver(): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

const company = (): string => `Reconcile Co ${randomBytes(3).toString('hex')}`;
const compose: WorkflowStep = { id: 'after', block: 'text.compose', template: 'done' };

describe('handing runs that no worker holds back to the queue (no queue worker: driven)', () => {
  const STALE_SECONDS = 60;
  const LEASE = {
    leaseSeconds: LEASE_SECONDS,
    staleSeconds: STALE_SECONDS,
    lostClaimsToStale: LOST_CLAIMS_TO_STALE,
  };
  let server: TestApp;
  let other: TestApp;
  let runs: RunsHarness;
  let execution: RunExecutionService;
  let receiver: { server: Server; url: string };

  beforeAll(async () => {
    receiver = await startReceiver();
    const env = { RUNS_WORKER: 'off', RUNS_STALE_AFTER_SECONDS: String(STALE_SECONDS) };
    server = await startWorkflowsTestApp({ env });
    // A second process on the same database and queues, with a reconciler of its own.
    other = await startWorkflowsTestApp({ env, database: server.database });
    runs = harness(server, await signInTestPerson(server.baseUrl, { company: company() }));
    execution = server.app.get(RunExecutionService);
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  const reconcile = async (app: TestApp = server) =>
    (await app.app.get(RunReconcilerService).reconcile()).requeued;

  it('hands over a run never claimed and older than RUNS_STALE_AFTER_SECONDS; it completes, not stale', async () => {
    const runId = await runs.insertRun([compose]);
    const young = await runs.insertRun([compose]);
    await runs.backdate(runId, 3_600, 'created_at', 'updated_at');

    const requeued = await reconcile();
    expect(requeued).toContain(runId);
    // A run inserted a moment ago still has its own job coming: left alone.
    expect(requeued).not.toContain(young);
    expect((await runs.run(runId)).status).toBe('running');
    const job = await runs.queue().getJob(jobIdOf({ id: runId, leaseGeneration: 0 }));
    expect(job?.data).toEqual({ run_id: runId });
    expect(await execution.execute(job!.data.run_id)).toBe('completed');
    expect((await runs.run(runId)).status).toBe('completed');
  });

  it('hands the same generation over again once its job ended without claiming the run', async () => {
    const runId = await runs.insertRun([compose]);
    await runs.backdate(runId, 3_600, 'created_at', 'updated_at');
    expect(await reconcile()).toContain(runId);
    const jobId = jobIdOf({ id: runId, leaseGeneration: 0 });
    expect(await runs.queue().getJobState(jobId)).toBe('waiting');

    // A worker whose claim found nothing to do (say the database was away for every attempt):
    // the job ends, and BullMQ would ignore every later add of its id for as long as it kept it.
    const registry = server.app.get(QueueRegistry);
    const worker = new Worker(QueueName.WorkflowRuns, () => Promise.resolve('not_claimed'), {
      connection: registry.redis,
      prefix: registry.prefix,
    });
    try {
      await eventually('the job to end', async () =>
        ['waiting', 'active'].includes(await runs.queue().getJobState(jobId)) ? undefined : true,
      );
    } finally {
      await worker.close();
    }
    expect(await runs.queue().getJobState(jobId)).toBe('unknown');

    expect(await reconcile()).not.toContain(runId); // handed over a moment ago
    await runs.backdate(runId, 3_600, 'requeued_at');
    expect(await reconcile()).toContain(runId);
    expect(await runs.queue().getJobState(jobId)).toBe('waiting');
    expect(await execution.execute(runId)).toBe('completed');
  });

  it('wakes a run whose wake-up job was lost, however long ago its wait ended', async () => {
    const runId = await runs.insertRun([{ id: 'pause', block: 'wait', seconds: 30 }, compose]);
    expect(await execution.execute(runId)).toBe('sleeping');
    const sleeping = await runs.run(runId);
    const wakeJob = jobIdOf({ id: runId, leaseGeneration: sleeping.leaseGeneration });
    expect(await runs.queue().getJobState(wakeJob)).toBe('delayed');
    await runs.backdate(runId, 3_600, 'created_at', 'updated_at');
    // Asleep: its wake-up is its own job's to do.
    expect(await reconcile()).not.toContain(runId);

    await runs.queue().remove(wakeJob);
    await runs.backdate(runId, 3_600, 'wake_at');
    expect(await reconcile()).toContain(runId);
    expect(await runs.queue().getJobState(wakeJob)).toBe('waiting');
    expect(await execution.execute(runId)).toBe('completed');
    const run = await runs.run(runId);
    expect(run.status).toBe('completed');
    expect(run.claimsWithoutProgress).toBe(0);
  });

  /** What a worker killed while running `slot` leaves: a claim, the step `running`, no heartbeat. */
  async function dieWhileRunning(runId: string, slot: StepSlot): Promise<number> {
    const claimed = await runs.server.app.get(RunLeaseRepository).claim(runId, LEASE);
    expect(claimed).not.toBeNull();
    const manager = server.app.get(DataSource).manager;
    await server.app.get(RunStepRepository).markRunning(manager, slot, claimed!.leaseGeneration);
    await runs.backdate(runId, LEASE_SECONDS + 5, 'heartbeat_at');
    await runs.backdate(runId, 3_600, 'requeued_at');
    return claimed!.claimsWithoutProgress;
  }

  it('ends stale a run that lost its worker three times in a row while a step ran, once the last has been silent RUNS_STALE_AFTER_SECONDS', async () => {
    const call: WorkflowStep = { id: 'call', block: 'http.request', url: receiver.url };
    const runId = await runs.insertRun([call]);
    const slot = { runId, index: 0, stepId: 'call', block: 'http.request' };
    const counted = [];
    for (let death = 0; death < LOST_CLAIMS_TO_STALE; death += 1) {
      counted.push(await dieWhileRunning(runId, slot));
      if (death < LOST_CLAIMS_TO_STALE - 1) expect(await reconcile()).toContain(runId);
    }
    expect(counted).toEqual([0, 1, 2]);

    // The third worker is waited for: its lease is over, but it is not replaced.
    expect(await reconcile()).not.toContain(runId);
    expect(await execution.execute(runId)).toBe('not_claimed');
    expect((await runs.run(runId)).status).toBe('running');

    await runs.backdate(runId, STALE_SECONDS + 1, 'heartbeat_at', 'requeued_at');
    expect(await reconcile()).toContain(runId);
    expect(await execution.execute(runId)).toBe('stale');
    const run = await runs.run(runId);
    expect(run.status).toBe('stale');
    expect(run.error).toEqual({
      code: 'stale',
      message: `The run lost its worker 3 times in a row while step "call" ran; the last one stopped heart-beating over ${STALE_SECONDS} s ago.`,
    });
  });

  it('counts lost claims in a row only: a step that finishes in between starts the count again', async () => {
    const first: WorkflowStep = { id: 'first', block: 'http.request', url: receiver.url };
    const second: WorkflowStep = { id: 'second', block: 'http.request', url: receiver.url };
    const runId = await runs.insertRun([first, second]);
    const slot = (index: number, stepId: string) => ({
      runId,
      index,
      stepId,
      block: 'http.request',
    });
    await dieWhileRunning(runId, slot(0, 'first'));
    await dieWhileRunning(runId, slot(0, 'first'));
    // The third worker finishes the first step before it dies in the second.
    const third = (await server.app.get(RunLeaseRepository).claim(runId, LEASE))!;
    expect(third.claimsWithoutProgress).toBe(2);
    const steps = server.app.get(RunStepRepository);
    const manager = server.app.get(DataSource).manager;
    await steps.markRunning(manager, slot(0, 'first'), third.leaseGeneration);
    await steps.markFinished(manager, slot(0, 'first'), third.leaseGeneration, {
      status: 'completed',
      output: { status: 200 },
      error: null,
    });
    await steps.markRunning(manager, slot(1, 'second'), third.leaseGeneration);
    await runs.backdate(runId, LEASE_SECONDS + 5, 'heartbeat_at');
    await runs.backdate(runId, 3_600, 'requeued_at');

    expect(await reconcile()).toContain(runId);
    expect(await execution.execute(runId)).toBe('completed');
    expect((await runs.run(runId)).claimsWithoutProgress).toBe(0);
  });

  it('two reconcilers at once hand each run over once, and each run executes once', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, () => runs.insertRun([compose])));
    await Promise.all(ids.map((id) => runs.backdate(id, 3_600, 'created_at', 'updated_at')));

    const [mine, theirs] = await Promise.all([reconcile(server), reconcile(other)]);
    const handed = [...mine, ...theirs].filter((id) => ids.includes(id));
    expect(handed.sort()).toEqual([...ids].sort());

    const jobs = await runs.queue().getJobs(['waiting']);
    const jobsOf = (id: string) => jobs.filter((job) => job.data.run_id === id);
    expect(ids.map((id) => jobsOf(id).map((job) => job.id))).toEqual(
      ids.map((id) => [jobIdOf({ id, leaseGeneration: 0 })]),
    );
    const ends = await Promise.all(
      ids.flatMap((id) => [execution.execute(id), other.app.get(RunExecutionService).execute(id)]),
    );
    expect(ends.filter((end) => end === 'completed')).toHaveLength(ids.length);
    expect(ends.filter((end) => end === 'not_claimed')).toHaveLength(ids.length);
  });
});

describe('runs that lose their worker or their job complete (queue worker on, a private Redis)', () => {
  let redis: PrivateRedis;
  let runs: RunsHarness;
  let receiver: { server: Server; url: string };
  const LEASE = { leaseSeconds: LEASE_SECONDS, staleSeconds: 10, lostClaimsToStale: 3 };

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    receiver = await startReceiver();
    const server = await startWorkflowsTestApp({
      env: { RUNS_WORKER: 'on', RUNS_STALE_AFTER_SECONDS: '10', REDIS_URL: redis.url },
    });
    runs = harness(server, await signInTestPerson(server.baseUrl, { company: company() }));
  });
  afterAll(async () => {
    await runs?.server.close();
    await redis?.destroy();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  /** A pass of the reconciler, or the app's own every 10 s, hands the run over. */
  async function handOver(runId: string): Promise<void> {
    const { requeued } = await runs.server.app.get(RunReconcilerService).reconcile();
    if (!requeued.includes(runId)) expect((await runs.run(runId)).requeuedAt).not.toBeNull();
  }

  const completed = (runId: string) =>
    eventually(`run ${runId} to complete`, async () => {
      const run = await runs.run(runId);
      if (run.status !== 'running') return run;
      return undefined;
    });

  it('resumes a run whose worker was killed mid-step; it then sleeps through its wait and wakes', async () => {
    const call: WorkflowStep = { id: 'call', block: 'http.request', url: receiver.url };
    const runId = await runs.insertRun([call, { id: 'pause', block: 'wait', seconds: 1 }, compose]);
    const dead = (await runs.server.app.get(RunLeaseRepository).claim(runId, LEASE))!;
    const manager = runs.server.app.get(DataSource).manager;
    const slot = { runId, index: 0, stepId: 'call', block: 'http.request' };
    await runs.server.app.get(RunStepRepository).markRunning(manager, slot, dead.leaseGeneration);
    await runs.backdate(runId, LEASE_SECONDS + 5, 'heartbeat_at');

    await handOver(runId);
    const run = await completed(runId);
    expect(run.status).toBe('completed');
    const records = await runs.server.app.get(RunStepRepository).findRecords(runId);
    expect(records.map((record) => [record.id, record.status])).toEqual([
      ['call', 'completed'],
      ['pause', 'completed'],
      ['after', 'completed'],
    ]);
  });

  it('completes a run parked in a wait step after FLUSHALL took its wake-up job', async () => {
    const runId = await runs.insertRun([{ id: 'pause', block: 'wait', seconds: 60 }, compose]);
    await runs.backdate(runId, 3_600, 'created_at', 'updated_at');
    await handOver(runId);
    const asleep = await eventually('the run to sleep', async () => {
      const run = await runs.run(runId);
      return run.wakeAt ? run : undefined;
    });
    const wakeJob = jobIdOf({ id: runId, leaseGeneration: asleep.leaseGeneration });
    expect(await runs.queue().getJobState(wakeJob)).toBe('delayed');

    const client = new Redis(redis.url);
    try {
      await client.flushall();
    } finally {
      client.disconnect();
    }
    await runs.backdate(runId, 3_600, 'wake_at', 'requeued_at');
    await handOver(runId);
    const run = await completed(runId);
    expect(run.status).toBe('completed');
  });
});
