import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { withinDeadline } from '@cw/platform';
import { QueueName, QueueRegistry } from '@cw/queue';
import type { Queue } from 'bullmq';
import type { DueAttempt } from '../delivery-records';

/** The job payload of the `hook-deliveries` queue: one attempt of one delivery. */
export interface DeliveryAttemptJob {
  delivery_id: string;
  attempt: number;
}

const ATTEMPT_JOB = 'delivery.attempt';
/** The longest a request (a callback registration, a replay) waits for Redis to take its attempt. */
const LEAVE_AFTER_MS = 1000;

export const attemptJobId = (deliveryId: string, attempt: number): string =>
  `delivery-${deliveryId}-${attempt}`;

/**
 * Adds attempt jobs, each named after its delivery and attempt number, so adding one that is
 * already queued is a no-op. A finished job leaves no id behind: the reconciler can add the
 * same attempt again when its delivery is still waiting for it, and the worker's fence makes a
 * job whose attempt already settled change nothing.
 */
@Injectable()
export class DeliveryQueue {
  private readonly logger = new Logger(DeliveryQueue.name);

  constructor(
    @InjectQueue(QueueName.HookDeliveries) private readonly queue: Queue<DeliveryAttemptJob>,
    private readonly queues: QueueRegistry,
  ) {}

  async enqueue(attempts: readonly DueAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    const now = Date.now();
    await this.queue.addBulk(
      attempts.map((attempt) => ({
        name: ATTEMPT_JOB,
        data: { delivery_id: attempt.deliveryId, attempt: attempt.attemptNumber },
        opts: {
          jobId: attemptJobId(attempt.deliveryId, attempt.attemptNumber),
          delay: Math.max(0, new Date(attempt.nextAttemptAt).getTime() - now),
          // A job that throws (the database away) is tried again; the send settles it once.
          attempts: 5,
          backoff: { type: 'exponential', delay: 1_000 },
          removeOnComplete: true,
          removeOnFail: true,
        },
      })),
    );
  }

  /**
   * Queues the attempts, or leaves them to the reconciler when Redis is away or does not take
   * them within `LEAVE_AFTER_MS`: their deliveries are pending in PostgreSQL, so once overdue they
   * are queued again (a late add of the same attempt is a no-op).
   */
  async enqueueOrLeave(attempts: readonly DueAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    try {
      // ioredis holds commands while disconnected: do not wait for a reconnect.
      const { status } = this.queues.redis;
      if (status !== 'ready') throw new Error(`Redis connection ${status}`);
      await withinDeadline(this.enqueue(attempts), LEAVE_AFTER_MS);
    } catch (error) {
      this.logger.warn(
        `${attempts.length} hook delivery attempt(s) left to the reconciler: ${(error as Error).message}`,
      );
    }
  }
}
