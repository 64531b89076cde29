import { Module } from '@nestjs/common';
import { AuthoringOperationRepository } from '../authoring/authoring-operation.repository';
import { WorkflowAuthoringController } from '../authoring/workflow-authoring.controller';
import { WorkflowAuthoringService } from '../authoring/workflow-authoring.service';
import { WorkflowCapabilitiesController } from '../capabilities/workflow-capabilities.controller';
import { ScheduleApplier } from '../schedules/schedule-applier.service';
import { WorkflowScheduleService } from '../schedules/workflow-schedule.service';
import { WorkflowsCoreModule } from '../workflows-core.module';
import { WorkflowCreateService } from './workflow-create.service';
import { loadWorkflowLimitsConfig, WorkflowLimitsConfig } from './workflow-limits.config';
import { WorkflowManageService } from './workflow-manage.service';
import { WorkflowsController } from './workflows.controller';

/** Authoring, listing and managing workflows; the block capabilities; their job schedulers. */
@Module({
  imports: [WorkflowsCoreModule],
  controllers: [WorkflowCapabilitiesController, WorkflowAuthoringController, WorkflowsController],
  providers: [
    AuthoringOperationRepository,
    WorkflowAuthoringService,
    WorkflowCreateService,
    WorkflowManageService,
    WorkflowScheduleService,
    ScheduleApplier,
    { provide: WorkflowLimitsConfig, useFactory: () => loadWorkflowLimitsConfig() },
  ],
})
export class WorkflowDefinitionsModule {}
