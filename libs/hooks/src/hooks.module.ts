import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { IdentityModule } from '@cw/identity';
import { systemResolver } from '@cw/outbound';
import { QueueName, QueueRegistry } from '@cw/queue';
import { WorkflowReportsApiModule } from '@cw/workflows';
import { HookAuthority } from './access/hook-authority';
import { HookLifecycle } from './access/hook-lifecycle';
import { HookLifecycleRepository } from './access/hook-lifecycle.repository';
import { RevocationListener } from './access/revocation-listener';
import { DeliveryAttemptService } from './deliveries/delivery-attempt.service';
import { OwnerReportReads } from './deliveries/owner-report-reads';
import { DeliveryFanout } from './deliveries/delivery-fanout.service';
import { DeliveryHistoryService } from './deliveries/delivery-history.service';
import { DeliveryReconciler } from './deliveries/delivery-reconciler.service';
import { DeliveryReplayService } from './deliveries/delivery-replay.service';
import { DeliveryAttemptRepository } from './deliveries/delivery-attempt.repository';
import { DeliveryDueRepository } from './deliveries/delivery-due.repository';
import { DeliveryFanoutRepository } from './deliveries/delivery-fanout.repository';
import { DeliveryHistoryRepository } from './deliveries/delivery-history.repository';
import { DeliverySettlementRepository } from './deliveries/delivery-settlement.repository';
import { HookDeliveriesController } from './deliveries/hook-deliveries.controller';
import { HookReceiptsModule } from './deliveries/hook-receipts.module';
import { deliveryAttemptProcessors } from './deliveries/jobs/delivery-attempt.processor';
import { DeliveryQueue } from './deliveries/jobs/delivery-queue';
import { ReportEventsProcessor } from './deliveries/jobs/report-events.processor';
import { ReportEventsSweep } from './deliveries/report-events-sweep.service';
import { ReportFanoutRepository } from './deliveries/report-fanout.repository';
import { HookSender } from './deliveries/sending/hook-sender';
import { HOOKS_RESOLVER, type HooksResolver } from './deliveries/sending/outbound-resolver';
import { HooksConfig, loadHooksConfig } from './hooks.config';
import { HookMatchingRepository } from './registration/hook-matching.repository';
import { HookManagementService } from './registration/hook-management.service';
import { HookRegistrationService } from './registration/hook-registration.service';
import { HookTarget } from './registration/hook-target';
import { HookRepository } from './registration/hook.repository';
import { ReportCallbacksController } from './registration/report-callbacks.controller';
import { ReportHooksController } from './registration/report-hooks.controller';
import { SecretBox } from './signing/secret-box';
import { SigningMaterials } from './signing/signing-materials';
import { SigningKeyRepository } from './signing/signing-key.repository';

export interface HooksModuleOptions {
  /** The DNS resolver hook addresses are checked and dialled with; default the system's. */
  resolve?: HooksResolver;
}

const onTheDeploymentsRedis = (name: QueueName) =>
  BullModule.registerQueueAsync({
    name,
    inject: [QueueRegistry],
    useFactory: (registry: QueueRegistry) => ({
      connection: registry.redis,
      prefix: registry.prefix,
    }),
  });

/**
 * Report hooks (schema `hooks`): registration and management routes, the consumer of
 * `report.finished` events, the delivery workers and their reconciler (where `HOOKS_WORKER` is
 * on), and the `delivery_receipts` of reports wherever reports are read in the same process.
 */
@Module({})
export class HooksModule {
  static register(options: HooksModuleOptions = {}): DynamicModule {
    return {
      module: HooksModule,
      imports: [
        HookReceiptsModule,
        onTheDeploymentsRedis(QueueName.ReportEvents),
        onTheDeploymentsRedis(QueueName.HookDeliveries),
        IdentityModule.register({ withRoutes: false }),
        WorkflowReportsApiModule,
      ],
      controllers: [ReportHooksController, ReportCallbacksController, HookDeliveriesController],
      providers: [
        { provide: HooksConfig, useFactory: () => loadHooksConfig() },
        {
          provide: SecretBox,
          inject: [HooksConfig],
          useFactory: (config: HooksConfig) => SecretBox.fromConfig(config),
        },
        { provide: HOOKS_RESOLVER, useValue: options.resolve ?? systemResolver },
        HookRepository,
        HookMatchingRepository,
        HookLifecycleRepository,
        SigningKeyRepository,
        DeliveryFanoutRepository,
        DeliveryAttemptRepository,
        DeliverySettlementRepository,
        DeliveryHistoryRepository,
        DeliveryDueRepository,
        ReportFanoutRepository,
        HookAuthority,
        HookLifecycle,
        RevocationListener,
        HookTarget,
        HookRegistrationService,
        HookManagementService,
        HookSender,
        SigningMaterials,
        DeliveryQueue,
        DeliveryFanout,
        OwnerReportReads,
        DeliveryAttemptService,
        DeliveryHistoryService,
        DeliveryReplayService,
        DeliveryReconciler,
        ReportEventsSweep,
        ...deliveryAttemptProcessors,
        ReportEventsProcessor,
      ],
    };
  }
}
