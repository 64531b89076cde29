import { Module } from '@nestjs/common';
import { AuthModule } from '@cw/auth';
import { DbModule } from '@cw/db';
import { PlatformModule } from '@cw/platform';
import { QueueModule } from '@cw/queue';
import { WorkflowsModule } from '@cw/workflows';

/** Workflows, runs, reports and code sessions. */
@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: true }),
    DbModule,
    QueueModule.register({ relay: false }),
    AuthModule,
    WorkflowsModule,
  ],
})
export class WorkflowRunnerModule {}
