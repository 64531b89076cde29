import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { closeWorker, QueueName } from '@cw/queue';
import type { Job } from 'bullmq';
import { HooksConfig } from '../../hooks.config';
import { type AttemptEnd, DeliveryAttemptService } from '../delivery-attempt.service';
import { DELIVERY_JOB_LOCK_MS, DELIVERY_STALL_CHECK_MS } from './delivery-job-timing';
import type { DeliveryAttemptJob } from './delivery-queue';

/**
 * Consumes `hook-deliveries` where `HOOKS_WORKER` is on. The job of a worker killed mid-send
 * stalls (its lock is not renewed) and BullMQ hands it to another worker (within a lock and two
 * stall checks of the kill), which sends the same attempt again: delivery is at least once, and
 * receivers de-duplicate on `X-Service-Delivery`.
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
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    if (this.config.HOOKS_WORKER !== 'on') return;
    this.worker.concurrency = this.config.HOOKS_CONCURRENCY;
    void this.worker.run();
  }

  async onModuleDestroy(): Promise<void> {
    await closeWorker(this.worker);
  }

  process(job: Job<DeliveryAttemptJob>): Promise<AttemptEnd> {
    return this.attempts.attempt(job.data.delivery_id, job.data.attempt);
  }
}
