import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { closeWorker, NaturalBatcher, QueueName } from '@cw/queue';
import type { ReportFinishedEvent } from '@cw/workflows/reports';
import { DelayedError, type Job } from 'bullmq';
import { HooksConfig } from '../../hooks.config';
import { DeliveryFanout } from '../delivery-fanout.service';

/** Events in hand at once, and so the largest batch one fan-out handles. */
const EVENTS_AT_ONCE = 64;

/**
 * Consumes the `report.finished` events the outbox relay publishes to `report-events`, fanned
 * out in batches when they come faster than one at a time (one matching query and one record
 * per batch). An event that cannot be handled now (the database away) goes back on the queue,
 * delayed by `HOOKS_RECONCILE_SECONDS`, rather than fail: the relay published it once and will
 * not again. Handling one event twice creates nothing twice.
 */
@Processor(QueueName.ReportEvents, { autorun: false, concurrency: EVENTS_AT_ONCE })
export class ReportEventsProcessor
  extends WorkerHost
  implements OnApplicationBootstrap, OnModuleDestroy
{
  private readonly logger = new Logger(ReportEventsProcessor.name);
  private readonly batches: NaturalBatcher<ReportFinishedEvent, number>;

  constructor(
    private readonly config: HooksConfig,
    fanout: DeliveryFanout,
  ) {
    super();
    this.batches = new NaturalBatcher((events) => fanout.reportsFinished(events), EVENTS_AT_ONCE);
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
      return await this.batches.add(job.data);
    } catch (error) {
      this.logger.warn(
        `report.finished of run ${job.data.run_id} put back for later: ${(error as Error).message}`,
      );
      await job.moveToDelayed(Date.now() + this.config.HOOKS_RECONCILE_SECONDS * 1000, token);
      throw new DelayedError();
    }
  }
}
