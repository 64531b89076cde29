import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { PlatformConfig } from '@cw/platform';
import type Redis from 'ioredis';
import { QueueConfig } from '../queue.config';
import { createRedisConnection } from '../redis-connection';
import { DeliveryCheck } from './delivery-check';

export type CredentialRevocation =
  { type: 'credential'; credentialId: string } | { type: 'person'; personId: string };

type Listener = (revocation: CredentialRevocation) => void;

/** How often the subscription is checked, and revocations that could not be sent are sent again. */
const CHECK_INTERVAL_MS = 1000;
/** Longest wait for Redis to take a broadcast. */
const PUBLISH_TIMEOUT_MS = 1000;
/** Revocations kept for another try while Redis cannot take them; older ones are dropped first. */
const MAX_UNDELIVERED = 1000;

/**
 * Tells every process that a credential stopped working, so that their short-lived resolution
 * caches drop it at once. The database stays the truth. A process trusts its cache only while
 * this channel can vouch that it would have heard of a revocation (`vouchesFor`): while the
 * subscription is broken or unconfirmed, every request is resolved from the database.
 */
@Injectable()
export class CredentialRevocationChannel implements OnModuleDestroy {
  private readonly logger = new Logger(CredentialRevocationChannel.name);
  private publisher?: Redis;
  private subscriber?: Redis;
  private checks?: NodeJS.Timeout;
  private readonly delivery = new DeliveryCheck();
  private readonly listeners: Listener[] = [];
  private readonly undelivered: CredentialRevocation[] = [];
  private resending = false;
  private readonly channel: string;

  constructor(
    private readonly config: PlatformConfig,
    queueConfig: QueueConfig,
  ) {
    this.channel = `${queueConfig.QUEUE_PREFIX}:credentials:revoked`;
  }

  /** Evicts here at once, and broadcasts; what Redis cannot take now is sent again later. */
  async publish(revocation: CredentialRevocation): Promise<void> {
    for (const listener of this.listeners) listener(revocation);
    const failure = await this.send(revocation);
    if (failure) {
      this.logger.warn(
        `revocation not broadcast yet, sent again once Redis answers (processes that cannot hear it read the database meanwhile): ${failure.message}`,
      );
      if (this.undelivered.length >= MAX_UNDELIVERED) this.undelivered.shift();
      this.undelivered.push(revocation);
    }
  }

  async subscribe(listener: Listener): Promise<void> {
    this.listeners.push(listener);
    if (this.subscriber) return;
    const subscriber = createRedisConnection(this.config.REDIS_URL, {
      connectionName: 'revocation-subscriber',
    });
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, message: string) => {
      const revocation = JSON.parse(message) as CredentialRevocation;
      for (const each of this.listeners) each(revocation);
    });
    subscriber.on('close', () => this.delivery.broken());
    await subscriber.subscribe(this.channel);
    this.checks = setInterval(() => void this.check(), CHECK_INTERVAL_MS);
    this.checks.unref();
    await this.check();
  }

  /**
   * Whether a credential read from the database at `resolvedAt` may still be served from a
   * cache: the subscription has been unbroken since before that read, and confirmed recently.
   */
  vouchesFor(resolvedAt: number, now = Date.now()): boolean {
    return this.delivery.vouchesFor(resolvedAt, now);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.checks);
    await Promise.allSettled([this.publisher?.quit(), this.subscriber?.quit()]);
  }

  /**
   * A PING on the subscriber connection is answered after every message Redis queued for it
   * before: an answered PING proves that each revocation published before it was sent arrived.
   */
  private async check(): Promise<void> {
    const subscriber = this.subscriber;
    if (subscriber?.status === 'ready') {
      await this.delivery.confirm(() => subscriber.ping());
    }
    if (this.resending) return;
    this.resending = true;
    try {
      while (this.undelivered.length > 0 && !(await this.send(this.undelivered[0]))) {
        this.undelivered.shift();
      }
    } finally {
      this.resending = false;
    }
  }

  /** Publishes one revocation; the error when Redis did not take it. */
  private async send(revocation: CredentialRevocation): Promise<Error | null> {
    if (!this.publisher) {
      // A revoking request waits for the broadcast: never longer than a moment, Redis or not.
      this.publisher = createRedisConnection(this.config.REDIS_URL, {
        connectionName: 'revocation-publisher',
        maxRetriesPerRequest: 1,
        commandTimeout: PUBLISH_TIMEOUT_MS,
      });
    }
    try {
      await this.publisher.publish(this.channel, JSON.stringify(revocation));
      return null;
    } catch (error) {
      return error as Error;
    }
  }
}
