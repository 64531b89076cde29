import { type DynamicModule, Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { loadConfig, ReadinessRegistry } from '@cw/platform';
import { QUEUE_ENTITIES } from './queue-entities';
import { OutboxRelay } from './outbox/outbox.relay';
import { OutboxRepository } from './outbox/outbox.repository';
import { OutboxWriter } from './outbox/outbox.writer';
import { QueueConfig } from './queue.config';
import { QueueRegistry } from './queue.registry';
import { CredentialRevocationChannel } from './revocation/credential-revocation.channel';

export interface QueueModuleOptions {
  /** Run the outbox relay in this process (the hook-dispatcher and the one-process mode do). */
  relay: boolean;
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
      imports: [TypeOrmModule.forFeature(QUEUE_ENTITIES)],
      providers: [
        { provide: QueueConfig, useFactory: () => loadConfig(QueueConfig) },
        QueueRegistry,
        OutboxRepository,
        OutboxWriter,
        CredentialRevocationChannel,
        ...(options.relay ? [OutboxRelay] : []),
      ],
      exports: [QueueConfig, QueueRegistry, OutboxWriter, CredentialRevocationChannel],
    };
  }

  onModuleInit(): void {
    this.readiness.register({
      name: 'queues',
      isReady: async () =>
        this.queues.redis.status === 'ready' || (await this.queues.redis.ping()) === 'PONG',
    });
  }
}
