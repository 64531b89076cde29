import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { closeWorker, QueueName } from '@cw/queue';
import type { Job } from 'bullmq';
import {
  SCHEDULED_START_JOB,
  type ScheduledStartData,
} from '../schedules/workflow-schedule.service';
import { WorkflowsConfig } from '../workflows.config';
import { type ScheduledStartOutcome, ScheduledStartService } from './scheduled-start.service';

/**
 * Consumes the `scheduled-start` jobs the workflows' job schedulers add, where `RUNS_WORKER` is
 * on (BullMQ hands each occurrence to one worker).
 */
@Processor(QueueName.WorkflowSchedules, { autorun: false, concurrency: 4 })
export class ScheduledStartProcessor
  extends WorkerHost
  implements OnApplicationBootstrap, OnModuleDestroy
{
  constructor(
    private readonly config: WorkflowsConfig,
    private readonly starts: ScheduledStartService,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    if (this.config.RUNS_WORKER === 'on') void this.worker.run();
  }

  async onModuleDestroy(): Promise<void> {
    await closeWorker(this.worker);
  }

  async process(job: Job<ScheduledStartData>): Promise<ScheduledStartOutcome> {
    if (job.name !== SCHEDULED_START_JOB) {
      return { started: false, reason: `unknown job ${job.name}` };
    }
    return this.starts.start(job.data.workflow_id);
  }
}
