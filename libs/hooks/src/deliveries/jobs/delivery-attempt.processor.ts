import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type OnApplicationBootstrap, type OnModuleDestroy, type Provider } from '@nestjs/common';
import { closeWorker, QueueName } from '@cw/queue';
import type { Job } from 'bullmq';
import { HooksConfig } from '../../hooks.config';
import { type AttemptEnd, DeliveryAttemptService } from '../delivery-attempt.service';
import { DELIVERY_JOB_LOCK_MS, DELIVERY_STALL_CHECK_MS } from './delivery-job-timing';
import { DELIVERY_LANES, laneConcurrency } from './delivery-lanes';
import type { DeliveryAttemptJob } from './delivery-queue';

/**
 * Consumes `hook-deliveries` where `HOOKS_WORKER` is on: one lane of `HOOKS_CONCURRENCY`
 * attempts (see `delivery-lanes.ts`). The job of a worker killed mid-send stalls (its lock is not
 * renewed) and BullMQ hands it to another worker (within a lock and two stall checks of the
 * kill), which sends the same attempt again: delivery is at least once, and receivers
 * de-duplicate on `X-Service-Delivery`.
 */
@Processor(QueueName.HookDeliveries, {
  autorun: false,
  lockDuration: DELIVERY_JOB_LOCK_MS,
  stalledInterval: DELIVERY_STALL_CHECK_MS,
  maxStalledCount: 10,
})
export class DeliveryAttemptProcessor
  extends WorkerHost
  implements OnApplicationBootstrap, OnModuleDestroy
{
  constructor(
    private readonly config: HooksConfig,
    private readonly attempts: DeliveryAttemptService,
    private readonly lane: number,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    const concurrency = laneConcurrency(this.config.HOOKS_CONCURRENCY, this.lane);
    if (this.config.HOOKS_WORKER !== 'on' || concurrency === 0) return;
    this.worker.concurrency = concurrency;
    void this.worker.run();
  }

  async onModuleDestroy(): Promise<void> {
    await closeWorker(this.worker);
  }

  process(job: Job<DeliveryAttemptJob>): Promise<AttemptEnd> {
    return this.attempts.attempt(job.data.delivery_id, job.data.attempt);
  }
}

/** One processor, so one BullMQ worker, per lane; all of them share the attempts' batches. */
export const deliveryAttemptProcessors: Provider[] = Array.from(
  { length: DELIVERY_LANES },
  (_, lane) => ({
    provide: `${DeliveryAttemptProcessor.name}:${lane}`,
    inject: [HooksConfig, DeliveryAttemptService],
    useFactory: (config: HooksConfig, attempts: DeliveryAttemptService) =>
      new DeliveryAttemptProcessor(config, attempts, lane),
  }),
);
