import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PlatformConfig } from '@cw/platform';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { QueueConfig } from './queue.config';
import { QueueName } from './queue-names';
import { createRedisConnection } from './redis-connection';
import { logRedisErrors } from './redis-error-log';

/** One BullMQ Queue per name per process, over one shared connection. */
@Injectable()
export class QueueRegistry implements OnModuleDestroy {
  private connection?: Redis;
  private readonly queues = new Map<QueueName, Queue>();
  /** Keys and channels of one deployment (or one test file) share this prefix. */
  readonly prefix: string;

  constructor(
    private readonly platformConfig: PlatformConfig,
    queueConfig: QueueConfig,
  ) {
    this.prefix = queueConfig.QUEUE_PREFIX;
  }

  /** The process's shared connection: queues, counters (rate limits), readiness. */
  get redis(): Redis {
    this.connection ??= createRedisConnection(this.platformConfig.REDIS_URL, {
      connectionName: 'shared',
    });
    return this.connection;
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.redis, prefix: this.prefix });
      logRedisErrors(queue, `queue "${name}"`);
      this.queues.set(name, queue);
    }
    return queue;
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
    await this.connection?.quit().catch(() => undefined);
  }
}
