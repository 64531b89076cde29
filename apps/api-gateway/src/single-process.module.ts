import { Module } from '@nestjs/common';
import { AuthModule } from '@cw/auth';
import { DbModule } from '@cw/db';
import { HooksModule } from '@cw/hooks';
import { IdentityModule } from '@cw/identity';
import { PlatformModule } from '@cw/platform';
import { QueueDashboardModule, QueueModule } from '@cw/queue';
import { WikiModule } from '@cw/wiki';
import { WorkflowsModule } from '@cw/workflows';

/**
 * Every module of every service in one process on one port: the fast path for tests and for a
 * laptop. The six-process deployment composes the same modules, split by app.
 */
@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: true }),
    DbModule,
    QueueModule.register({ relay: true }),
    QueueDashboardModule,
    IdentityModule.register({ withRoutes: true }),
    AuthModule,
    WikiModule,
    WorkflowsModule,
    HooksModule.register(),
  ],
})
export class SingleProcessModule {}
