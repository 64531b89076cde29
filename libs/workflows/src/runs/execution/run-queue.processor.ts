import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PlatformConfig } from '@cw/platform';
import { closeWorker, QueueName } from '@cw/queue';
import type { Job } from 'bullmq';
import { WorkflowsConfig } from '../../workflows.config';
import { type ExecutionEnd, RunExecutionService } from './run-execution.service';
import type { RunJobData } from './run-queue';

/**
 * Consumes the `runs` queue where `RUNS_WORKER` is on. A job of a worker killed mid-run stalls
 * (its lock is not renewed) and BullMQ hands it to another worker, which claims the run once the
 * dead one's lease is over and resumes after its last finished step.
 *
 * By default it executes one run fewer at once than the process has database connections: more
 * would only queue for the pool, behind each other and in front of the routes the process serves
 * (run starts among them). Deployments whose steps mostly wait on other services (models, HTTP)
 * raise RUNS_CONCURRENCY, or run separate replicas with RUNS_WORKER=off for the routes.
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
    private readonly platform: PlatformConfig,
    private readonly execution: RunExecutionService,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    if (this.config.RUNS_WORKER !== 'on') return;
    this.worker.concurrency = this.config.runConcurrency(this.platform.DB_POOL_SIZE);
    void this.worker.run();
  }

  async onModuleDestroy(): Promise<void> {
    await closeWorker(this.worker);
  }

  process(job: Job<RunJobData>): Promise<ExecutionEnd> {
    return this.execution.execute(job.data.run_id);
  }
}
