import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DirectoryModule } from '@cw/identity/credentials';
import { QueueName } from '@cw/queue';
import { WorkflowRunsModule } from '../runs/workflow-runs.module';
import { ScheduleReconciler } from '../schedules/schedule-reconciler.service';
import { WorkflowScheduleService } from '../schedules/workflow-schedule.service';
import { WorkflowsCoreModule } from '../workflows-core.module';
import { ScheduledStartProcessor } from './scheduled-start.processor';
import { ScheduledStartService } from './scheduled-start.service';
import { WebhookLinkRepository } from './webhook-link.repository';
import { WebhookLinkResolver } from './webhook-link.resolver';
import { WebhookLinkService } from './webhook-link.service';
import { WebhookLinksController } from './webhook-links.controller';
import { WebhookTriggerController } from './webhook-trigger.controller';
import { WebhookTriggerService } from './webhook-trigger.service';

/** Webhook links and the trigger route; scheduled starts and the reconciler of their schedulers. */
@Module({
  imports: [
    WorkflowsCoreModule,
    WorkflowRunsModule,
    DirectoryModule,
    BullModule.registerQueue({ name: QueueName.WorkflowSchedules }),
  ],
  controllers: [WebhookLinksController, WebhookTriggerController],
  providers: [
    WebhookLinkRepository,
    WebhookLinkResolver,
    WebhookLinkService,
    WebhookTriggerService,
    ScheduledStartService,
    ScheduledStartProcessor,
    WorkflowScheduleService,
    ScheduleReconciler,
  ],
})
export class WorkflowTriggersModule {}
