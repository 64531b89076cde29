import { BullModule } from '@nestjs/bullmq';
import { DirectoryModule } from '@cw/identity/credentials';
import { QueueName, QueueRegistry } from '@cw/queue';
import { WikiApiModule } from '@cw/wiki';
import { CodeSessionsModule } from '../../code-sessions/code-sessions.module';
import { RunLeaseRepository } from '../run-lease.repository';
import { RunStepRepository } from '../run-step.repository';
import { WorkPacketRepository } from '../work-packet.repository';
import { RunExecutionService } from './run-execution.service';
import { RunOutputPageWriter } from './run-output-page.writer';
import { RunQueue } from './run-queue';
import { RunQueueProcessor } from './run-queue.processor';
import { RunReconcilerService } from './run-reconciler.service';
import { EngineDbGate, RunSlots, SandboxStepSlots } from './run-slots';
import { StarterActor } from './starter-actor';
import { STEP_EXECUTOR_PROVIDERS, StepExecutors } from './steps/step-executors';
import { WorkPacketController } from './work-packet.controller';
import { WorkPacketService } from './work-packet.service';

/**
 * What executing runs adds to the runs module: BullMQ on the deployment's Redis connection and
 * key prefix (the `runs` queue), the wiki's controller-free API and identity for the `wiki.*`
 * steps, the sandbox for `code.run` and `assert`.
 */
export const RUN_EXECUTION_IMPORTS = [
  BullModule.forRootAsync({
    inject: [QueueRegistry],
    useFactory: (registry: QueueRegistry) => ({
      connection: registry.redis,
      prefix: registry.prefix,
    }),
  }),
  BullModule.registerQueue({ name: QueueName.WorkflowRuns }),
  DirectoryModule,
  WikiApiModule,
  CodeSessionsModule,
];

export const RUN_EXECUTION_CONTROLLERS = [WorkPacketController];

export const RUN_EXECUTION_PROVIDERS = [
  RunLeaseRepository,
  RunStepRepository,
  WorkPacketRepository,
  StarterActor,
  ...STEP_EXECUTOR_PROVIDERS,
  StepExecutors,
  RunQueue,
  RunSlots,
  EngineDbGate,
  SandboxStepSlots,
  RunOutputPageWriter,
  RunExecutionService,
  RunQueueProcessor,
  RunReconcilerService,
  WorkPacketService,
];
