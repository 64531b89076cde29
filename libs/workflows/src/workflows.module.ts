import { Module } from '@nestjs/common';
import { CodeSessionsModule } from './code-sessions/code-sessions.module';
import { WorkflowDefinitionsModule } from './definitions/workflow-definitions.module';
import { WorkflowRunsModule } from './runs/workflow-runs.module';
import { WorkflowTriggersModule } from './triggers/workflow-triggers.module';
import { WorkflowsCoreModule } from './workflows-core.module';

/** Workflows, runs and reports, webhook triggers and code sessions (schema `workflows`). */
@Module({
  imports: [
    WorkflowsCoreModule,
    WorkflowDefinitionsModule,
    WorkflowRunsModule,
    WorkflowTriggersModule,
    CodeSessionsModule,
  ],
})
export class WorkflowsModule {}
