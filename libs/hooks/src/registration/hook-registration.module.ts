import { Module } from '@nestjs/common';
import { WorkflowReportsApiModule } from '@cw/workflows/reports';
import { HookAccessModule } from '../access/hook-access.module';
import { HookDeliveryModule } from '../deliveries/hook-delivery.module';
import { HookSigningModule } from '../signing/hook-signing.module';
import { HookManagementService } from './hook-management.service';
import { HookRegistrationService } from './hook-registration.service';
import { HookTarget } from './hook-target';
import { ReportCallbacksController } from './report-callbacks.controller';
import { ReportHooksController } from './report-hooks.controller';

/**
 * Registration and management of a person's hooks: callbacks on one report, subscriptions,
 * key rotation and deletion. A callback on a run already finished is delivered at once
 * (`DeliveryFanout`).
 */
@Module({
  imports: [HookAccessModule, HookSigningModule, HookDeliveryModule, WorkflowReportsApiModule],
  controllers: [ReportHooksController, ReportCallbacksController],
  providers: [HookTarget, HookRegistrationService, HookManagementService],
})
export class HookRegistrationModule {}
