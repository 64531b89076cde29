import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QueueName, QueueRegistry } from '@cw/queue';
import { WorkflowReportsApiModule } from '@cw/workflows/reports';
import { HookAccessModule } from '../access/hook-access.module';
import { HookMatchingRepository } from '../registration/hook-matching.repository';
import { HookSigningModule } from '../signing/hook-signing.module';
import { DeliveryAttemptRepository } from './delivery-attempt.repository';
import { DeliveryAttemptService } from './delivery-attempt.service';
import { DeliveryDueRepository } from './delivery-due.repository';
import { DeliveryFanoutRepository } from './delivery-fanout.repository';
import { DeliveryFanout } from './delivery-fanout.service';
import { DeliveryHistoryRepository } from './delivery-history.repository';
import { DeliveryHistoryService } from './delivery-history.service';
import { DeliveryReconciler } from './delivery-reconciler.service';
import { DeliveryReplayService } from './delivery-replay.service';
import { DeliverySettlementRepository } from './delivery-settlement.repository';
import { HookDeliveriesController } from './hook-deliveries.controller';
import { deliveryAttemptProcessors } from './jobs/delivery-attempt.processor';
import { DeliveryQueue } from './jobs/delivery-queue';
import { ReportEventsProcessor } from './jobs/report-events.processor';
import { OwnerReportReads } from './owner-report-reads';
import { ReportEventsSweep } from './report-events-sweep.service';
import { ReportFanoutRepository } from './report-fanout.repository';
import { HookSender } from './sending/hook-sender';

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
 * Delivery: `report.finished` fanned out to one delivery per matching hook, the attempt workers
 * (where `HOOKS_WORKER` is on) and their reconciler, and the owner's delivery history and replay.
 */
@Module({
  imports: [
    onTheDeploymentsRedis(QueueName.ReportEvents),
    onTheDeploymentsRedis(QueueName.HookDeliveries),
    HookAccessModule,
    HookSigningModule,
    WorkflowReportsApiModule,
  ],
  controllers: [HookDeliveriesController],
  providers: [
    HookMatchingRepository,
    DeliveryFanoutRepository,
    DeliveryAttemptRepository,
    DeliverySettlementRepository,
    DeliveryHistoryRepository,
    DeliveryDueRepository,
    ReportFanoutRepository,
    HookSender,
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
  exports: [DeliveryFanout],
})
export class HookDeliveryModule {}
