import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { closeWorker, QueueName } from '@cw/queue';
import type { ReportFinishedEvent } from '@cw/workflows';
import { DelayedError, type Job } from 'bullmq';
import { HooksConfig } from '../../hooks.config';
import { DeliveryFanout } from '../delivery-fanout.service';

/**
 * Consumes the `report.finished` events the outbox relay publishes to `report-events`. An event
 * that cannot be handled now (the database away) goes back on the queue, delayed by
 * `HOOKS_RECONCILE_SECONDS`, rather than fail: the relay published it once and will not again.
 * Handling one event twice creates nothing twice.
 */
@Processor(QueueName.ReportEvents, { autorun: false, concurrency: 4 })
export class ReportEventsProcessor
  extends WorkerHost
  implements OnApplicationBootstrap, OnModuleDestroy
{
  private readonly logger = new Logger(ReportEventsProcessor.name);

  constructor(
    private readonly config: HooksConfig,
    private readonly fanout: DeliveryFanout,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    if (this.config.HOOKS_WORKER !== 'on') return;
    void this.worker.run();
  }

  async onModuleDestroy(): Promise<void> {
    await closeWorker(this.worker);
  }

  async process(job: Job<ReportFinishedEvent>, token?: string): Promise<number> {
    try {
      return await this.fanout.reportFinished(job.data);
    } catch (error) {
      this.logger.warn(
        `report.finished of run ${job.data.run_id} put back for later: ${(error as Error).message}`,
      );
      await job.moveToDelayed(Date.now() + this.config.HOOKS_RECONCILE_SECONDS * 1000, token);
      throw new DelayedError();
    }
  }
}
