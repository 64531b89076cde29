import { Module } from '@nestjs/common';
import { AuthModule } from '@cw/auth';
import { DbModule } from '@cw/db';
import { HookReceiptsModule } from '@cw/hooks';
import { PlatformModule } from '@cw/platform';
import { QueueDashboardModule, QueueModule, QueueName } from '@cw/queue';
import { WorkflowsModule } from '@cw/workflows';

/** Workflows, runs, reports (with their hook delivery receipts) and code sessions. */
@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: true }),
    DbModule,
    QueueModule.register({
      relay: false,
      consumes: [QueueName.WorkflowRuns, QueueName.WorkflowSchedules],
    }),
    QueueDashboardModule,
    AuthModule,
    WorkflowsModule,
    // Reports' delivery_receipts come from the hooks context's deliveries (read only).
    HookReceiptsModule,
  ],
})
export class WorkflowRunnerModule {}
