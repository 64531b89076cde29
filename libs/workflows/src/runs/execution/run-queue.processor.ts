import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { closeWorker, QueueName } from '@cw/queue';
import type { Job } from 'bullmq';
import { WorkflowsConfig } from '../../workflows.config';
import { type ExecutionEnd, RunExecutionService } from './run-execution.service';
import type { RunJobData } from './run-queue';
import { EngineDbGate, LOOKUP_LANE, RunSlots } from './run-slots';

/**
 * Jobs a process holds per run it may execute at once. The `runs` queue is one list, first in
 * first out: to let another company's run overtake a burst, the worker takes jobs past what it
 * executes and keeps them waiting in their company's lane (`RunSlots`), holding nothing but the
 * job's lock. A burst longer than this reaches the lanes as places free up.
 */
export const JOBS_HELD_PER_SLOT = 20;

/**
 * Consumes the `runs` queue where `RUNS_WORKER` is on. A job of a worker killed mid-run stalls
 * (its lock is not renewed) and BullMQ hands it to another worker, which claims the run once the
 * dead one's lease is over and resumes after its last finished step.
 *
 * A job waits for a place of its run's company (RUNS_CONCURRENCY, RUNS_PER_COMPANY_CONCURRENCY)
 * before the run is claimed, so a waiting run holds no lease and sends no heartbeat. When the
 * process stops, the jobs still waiting fail their attempt and BullMQ hands them on.
 */
@Processor(QueueName.WorkflowRuns, {
  autorun: false,
  lockDuration: 30_000,
  stalledInterval: 30_000,
  maxStalledCount: 10,
})
export class RunQueueProcessor
  extends WorkerHost
  implements OnApplicationBootstrap, OnModuleDestroy
{
  constructor(
    private readonly config: WorkflowsConfig,
    private readonly execution: RunExecutionService,
    private readonly slots: RunSlots,
    private readonly db: EngineDbGate,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    if (this.config.RUNS_WORKER !== 'on') return;
    this.worker.concurrency = this.config.RUNS_CONCURRENCY * JOBS_HELD_PER_SLOT;
    void this.worker.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.slots.close();
    await closeWorker(this.worker);
  }

  async process(job: Job<RunJobData>): Promise<ExecutionEnd> {
    const runId = job.data.run_id;
    const companyId =
      job.data.company_id ??
      (await this.db.run(LOOKUP_LANE, () => this.execution.companyOf(runId)));
    if (!companyId) return 'not_claimed';
    return this.slots.run(companyId, () => this.execution.execute(runId, companyId));
  }
}
