import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { QueueConfig } from '../queue.config';
import { type QueueName, OUTBOX_TOPICS } from '../queue-names';
import { QueueRegistry } from '../queue.registry';

import { OutboxRepository, type PendingOutboxEvent } from './outbox.repository';

const BATCH_SIZE = 100;
const BACKOFF_BASE_MS = 500;
const MAX_BACKOFF_MS = 5000;
const JOB_RETENTION = { removeOnComplete: 1000, removeOnFail: 5000 };

/**
 * Publishes committed outbox events to their queues. Rows stay unpublished until the queue
 * accepted them, so Redis being away loses nothing: the relay backs off and tries again.
 * Several relays may run at once; SKIP LOCKED gives each row to one of them, and the job id
 * derived from the row id makes a re-publish after a crash a no-op in BullMQ. An idle relay
 * probes every OUTBOX_IDLE_POLL_MS with one cheap query (no NOTIFY: a notifying transaction
 * holds PostgreSQL's one notification lock until its commit is durable, which serialized every
 * run start); a busy one publishes back to back.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private running = false;
  private stopped = false;
  private failures = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly queues: QueueRegistry,
    private readonly config: QueueConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.OUTBOX_RELAY === 'on') this.schedule(0);
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Publishes what is pending now; returns how many events went out. */
  async publishPending(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const events = await this.outbox.lockUnpublished(manager, BATCH_SIZE);
      if (events.length === 0) return 0;
      await Promise.all(
        [...byQueue(events)].map(([name, batch]) =>
          this.queues.queue(name).addBulk(
            batch.map((event) => ({
              name: event.topic,
              data: event.payload,
              opts: { jobId: `outbox-${event.id}`, ...JOB_RETENTION },
            })),
          ),
        ),
      );
      await this.outbox.markPublished(
        manager,
        events.map((event) => event.id),
      );
      return events.length;
    });
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    let next = this.config.OUTBOX_IDLE_POLL_MS;
    try {
      const published = (await this.outbox.anyUnpublished(this.dataSource.manager))
        ? await this.publishPending()
        : 0;
      this.failures = 0;
      if (published === BATCH_SIZE) next = 0;
    } catch (error) {
      this.failures += 1;
      next = Math.min(BACKOFF_BASE_MS * 2 ** this.failures, MAX_BACKOFF_MS);
      this.logger.warn(`outbox relay paused ${next} ms: ${(error as Error).message}`);
    } finally {
      this.running = false;
      this.schedule(next);
    }
  }
}

function byQueue(events: readonly PendingOutboxEvent[]): Map<QueueName, PendingOutboxEvent[]> {
  const grouped = new Map<QueueName, PendingOutboxEvent[]>();
  for (const event of events) {
    const name = OUTBOX_TOPICS[event.topic];
    grouped.set(name, [...(grouped.get(name) ?? []), event]);
  }
  return grouped;
}
