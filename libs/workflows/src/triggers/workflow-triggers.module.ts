import { Module } from '@nestjs/common';
import { WorkflowsCoreModule } from '../workflows-core.module';

/** Webhook links and the trigger route; scheduled starts. */
@Module({
  imports: [WorkflowsCoreModule],
})
export class WorkflowTriggersModule {}
