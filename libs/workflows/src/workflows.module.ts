import { Module } from '@nestjs/common';
import { WorkflowsCoreModule } from './workflows-core.module';

/** Workflows, runs and reports, webhook triggers and code sessions (schema `workflows`). */
@Module({
  imports: [WorkflowsCoreModule],
})
export class WorkflowsModule {}
