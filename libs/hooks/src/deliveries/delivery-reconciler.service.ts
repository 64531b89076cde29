import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PeriodicPass } from '@cw/platform';
import { HooksConfig } from '../hooks.config';
import { DeliveryDueRepository } from './delivery-due.repository';
import { DeliveryQueue } from './jobs/delivery-queue';

const BATCH = 500;
const MAX_BATCHES_PER_PASS = 20;

/**
 * PostgreSQL holds every delivery's truth; Redis only its next job. Now and then, in a worker
 * process, every pending delivery overdue by more than `HOOKS_RECONCILE_SECONDS` gets its
 * attempt's job added again: a no-op while that job still exists, its recreation after Redis
 * was flushed, a retry could not be queued, or a job ran out of its own tries.
 */
@Injectable()
export class DeliveryReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly periodic = new PeriodicPass(
    'hook delivery reconciliation',
    () => this.reconcile(),
    new Logger(DeliveryReconciler.name),
  );

  constructor(
    private readonly deliveries: DeliveryDueRepository,
    private readonly queue: DeliveryQueue,
    private readonly config: HooksConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.HOOKS_WORKER === 'on') {
      this.periodic.start(this.config.HOOKS_RECONCILE_SECONDS * 1000);
    }
  }

  onModuleDestroy(): void {
    this.periodic.stop();
  }

  /** One pass; answers how many attempts it queued again. */
  async reconcile(): Promise<number> {
    let queued = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch += 1) {
      const overdue = await this.deliveries.findOverdue(
        this.config.HOOKS_RECONCILE_SECONDS,
        BATCH,
        queued,
      );
      await this.queue.enqueue(overdue);
      queued += overdue.length;
      if (overdue.length < BATCH) break;
    }
    return queued;
  }
}
