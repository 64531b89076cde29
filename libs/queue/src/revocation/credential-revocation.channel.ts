import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { PlatformConfig } from '@cw/platform';
import type Redis from 'ioredis';
import { QueueConfig } from '../queue.config';
import { createRedisConnection } from '../redis-connection';

export type CredentialRevocation =
  { type: 'credential'; credentialId: string } | { type: 'person'; personId: string };

type Listener = (revocation: CredentialRevocation) => void;

/**
 * Tells every process that a credential stopped working, so that their short-lived resolution
 * caches drop it at once. The database stays the truth; the cache's TTL bounds staleness if
 * Redis is unreachable while a revocation is published.
 */
@Injectable()
export class CredentialRevocationChannel implements OnModuleDestroy {
  private readonly logger = new Logger(CredentialRevocationChannel.name);
  private publisher?: Redis;
  private subscriber?: Redis;
  private readonly listeners: Listener[] = [];
  private readonly channel: string;

  constructor(
    private readonly config: PlatformConfig,
    queueConfig: QueueConfig,
  ) {
    this.channel = `${queueConfig.QUEUE_PREFIX}:credentials:revoked`;
  }

  async publish(revocation: CredentialRevocation): Promise<void> {
    this.publisher ??= createRedisConnection(this.config.REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      await this.publisher.publish(this.channel, JSON.stringify(revocation));
    } catch (error) {
      this.logger.warn(
        `revocation not broadcast, caches expire it shortly: ${(error as Error).message}`,
      );
    }
    for (const listener of this.listeners) listener(revocation);
  }

  async subscribe(listener: Listener): Promise<void> {
    this.listeners.push(listener);
    if (this.subscriber) return;
    this.subscriber = createRedisConnection(this.config.REDIS_URL);
    this.subscriber.on('message', (_channel: string, message: string) => {
      const revocation = JSON.parse(message) as CredentialRevocation;
      for (const each of this.listeners) each(revocation);
    });
    this.subscriber.on('error', (error: Error) =>
      this.logger.warn(`revocation channel: ${error.message}`),
    );
    await this.subscriber.subscribe(this.channel);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([this.publisher?.quit(), this.subscriber?.quit()]);
  }
}
