import { Module } from '@nestjs/common';
import { WorkflowsCoreModule } from '../workflows-core.module';

/** Code sessions on the sandbox (`run_code`). */
@Module({
  imports: [WorkflowsCoreModule],
})
export class CodeSessionsModule {}
