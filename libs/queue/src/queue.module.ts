import { type DynamicModule, Module, type OnModuleInit } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import {
  DeadlineExceeded,
  loadConfig,
  ReadinessFailure,
  ReadinessRegistry,
  withinDeadline,
} from '@cw/platform';
import { BullmqObserver } from './bullmq-observer';
import { queueMetricsProviders } from './metrics/queue-metrics.providers';
import { OutboxRelay } from './outbox/outbox.relay';
import { OutboxRepository } from './outbox/outbox.repository';
import { OutboxWriter } from './outbox/outbox.writer';
import { QueueConfig } from './queue.config';
import { QueueRegistry } from './queue.registry';
import { CredentialRevocationChannel } from './revocation/credential-revocation.channel';
import { sharedWhilePending } from './shared-while-pending';
import type { QueueConsumption } from './wiring/queue-wiring';
import { QUEUE_CONSUMPTION, QueueWiringCheck } from './wiring/queue-wiring.check';

/** Inside `/ready`'s own cut-off (500 ms), so the entry says what happened. */
const REDIS_PING_DEADLINE_MS = 400;

export interface QueueModuleOptions {
  /** Run the outbox relay in this process (the hook-dispatcher and the one-process mode do). */
  relay: boolean;
  /**
   * The queues this process consumes: start-up fails unless each has exactly one `@Processor`
   * here and no other queue has one (`QueueWiringCheck`). `composed`: whichever the composed
   * modules bring, each with exactly one (test compositions).
   */
  consumes: QueueConsumption;
}

@Module({})
export class QueueModule implements OnModuleInit {
  constructor(
    private readonly queues: QueueRegistry,
    private readonly readiness: ReadinessRegistry,
  ) {}

  static register(options: QueueModuleOptions): DynamicModule {
    return {
      module: QueueModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        { provide: QueueConfig, useFactory: () => loadConfig(QueueConfig) },
        QueueRegistry,
        OutboxRepository,
        OutboxWriter,
        CredentialRevocationChannel,
        BullmqObserver,
        { provide: QUEUE_CONSUMPTION, useValue: options.consumes },
        QueueWiringCheck,
        ...(options.relay ? [OutboxRelay] : []),
        ...queueMetricsProviders(options.relay),
      ],
      exports: [QueueConfig, QueueRegistry, OutboxWriter, CredentialRevocationChannel],
    };
  }

  onModuleInit(): void {
    // Connect at start, so that the first probe finds the connection ready.
    const redis = this.queues.redis;
    const ping = sharedWhilePending(() => redis.ping());
    this.readiness.register({
      name: 'redis',
      probe: async () => {
        // A disconnected client would hold the PING until it reconnects: answer at once.
        if (redis.status !== 'ready') throw new ReadinessFailure(`connection ${redis.status}`);
        // A connected Redis that stopped answering (paused, overloaded) holds it as long.
        try {
          await withinDeadline(ping(), REDIS_PING_DEADLINE_MS);
        } catch (error) {
          if (!(error instanceof DeadlineExceeded)) throw error;
          throw new ReadinessFailure(`no answer to PING within ${REDIS_PING_DEADLINE_MS} ms`);
        }
      },
    });
  }
}
