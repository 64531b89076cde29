import { Module } from '@nestjs/common';
import { WorkflowsCoreModule } from '../workflows-core.module';

/** Starting, executing, cancelling and reading runs; reports. */
@Module({
  imports: [WorkflowsCoreModule],
})
export class WorkflowRunsModule {}
