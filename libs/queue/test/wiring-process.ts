import 'reflect-metadata';
import { BullModule, Processor, WorkerHost } from '@nestjs/bullmq';
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { DbModule } from '@cw/db';
import { PlatformModule, runService } from '@cw/platform';
import { QueueModule } from '../src/queue.module';
import { QueueName } from '../src/queue-names';
import { QueueRegistry } from '../src/queue.registry';
import type { QueueConsumption } from '../src/wiring/queue-wiring';

// A service process for queue-wiring.int-spec.ts, started from dist/ with one of the wirings
// below as its argument. No processor runs (autorun off): only the wiring is under test.

@Processor(QueueName.HookDeliveries, { autorun: false })
class FirstDeliveryProcessor extends WorkerHost {
  process(): Promise<void> {
    return Promise.resolve();
  }
}

@Processor(QueueName.HookDeliveries, { autorun: false })
class SecondDeliveryProcessor extends WorkerHost {
  process(): Promise<void> {
    return Promise.resolve();
  }
}

/** Two workers of one processor class, as the hook-dispatcher's delivery lanes are. */
const lanes: Provider[] = [0, 1].map((lane) => ({
  provide: `FirstDeliveryProcessor:${lane}`,
  useFactory: () => new FirstDeliveryProcessor(),
}));

const WIRINGS: Record<string, { consumes: QueueConsumption; processors: Provider[] }> = {
  'two-processors': {
    consumes: [QueueName.HookDeliveries],
    processors: [FirstDeliveryProcessor, SecondDeliveryProcessor],
  },
  'no-processor': {
    consumes: [QueueName.HookDeliveries, QueueName.ReportEvents],
    processors: [FirstDeliveryProcessor],
  },
  lanes: { consumes: [QueueName.HookDeliveries], processors: lanes },
};

const wiring = WIRINGS[process.argv[2] ?? ''];
if (!wiring) throw new Error(`usage: wiring-process ${Object.keys(WIRINGS).join('|')}`);

function processorsModule(processors: Provider[]): DynamicModule {
  @Module({})
  class ProcessorsModule {}
  return {
    module: ProcessorsModule,
    imports: [
      BullModule.forRootAsync({
        inject: [QueueRegistry],
        useFactory: (registry: QueueRegistry) => ({
          connection: registry.redis,
          prefix: registry.prefix,
        }),
      }),
      BullModule.registerQueue({ name: QueueName.HookDeliveries }),
    ],
    providers: processors,
  };
}

@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: false }),
    DbModule,
    QueueModule.register({ relay: false, consumes: wiring.consumes }),
    processorsModule(wiring.processors),
  ],
})
class WiringProcessModule {}

void runService(WiringProcessModule, {
  service: 'wiring-process',
  description: 'queue wiring fixture',
  defaultPort: 0,
});
