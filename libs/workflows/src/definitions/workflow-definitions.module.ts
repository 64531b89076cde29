import { Module } from '@nestjs/common';
import { WorkflowsCoreModule } from '../workflows-core.module';

/** Authoring, listing and managing workflows; the block capabilities. */
@Module({
  imports: [WorkflowsCoreModule],
})
export class WorkflowDefinitionsModule {}
