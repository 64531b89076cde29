import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { closeWorker, QueueName } from '@cw/queue';
import type { Job } from 'bullmq';
import { WorkflowsConfig } from '../../workflows.config';
import { type ExecutionEnd, RunExecutionService } from './run-execution.service';
import type { RunJobData } from './run-queue';

/**
 * Consumes the `runs` queue where `RUNS_WORKER` is on. A job of a worker killed mid-run stalls
 * (its lock is not renewed) and BullMQ hands it to another worker, which claims the run once the
 * dead one's lease is over and resumes after its last finished step.
 */
@Processor(QueueName.WorkflowRuns, {
  autorun: false,
  concurrency: 16,
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
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    if (this.config.RUNS_WORKER === 'on') void this.worker.run();
  }

  async onModuleDestroy(): Promise<void> {
    await closeWorker(this.worker);
  }

  process(job: Job<RunJobData>): Promise<ExecutionEnd> {
    return this.execution.execute(job.data.run_id);
  }
}
