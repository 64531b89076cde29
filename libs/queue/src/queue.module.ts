import { type DynamicModule, Module, type OnModuleInit } from '@nestjs/common';
import { ReadinessRegistry } from '@cw/platform';
import { OutboxRelay } from './outbox/outbox.relay';
import { OutboxWriter } from './outbox/outbox.writer';
import { QueueRegistry } from './outbox/queue-registry';
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
    const providers = [QueueRegistry, OutboxWriter, CredentialRevocationChannel];
    return {
      module: QueueModule,
      global: true,
      providers: options.relay ? [...providers, OutboxRelay] : providers,
      exports: providers,
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
