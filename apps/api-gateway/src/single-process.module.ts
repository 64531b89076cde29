import { Module } from '@nestjs/common';
import { AuthModule } from '@cw/auth';
import { DbModule } from '@cw/db';
import { DiscoveryModule } from '@cw/discovery';
import { FeedbackModule } from '@cw/feedback';
import { HomeModule } from '@cw/home';
import { HooksModule } from '@cw/hooks';
import { IdentityModule } from '@cw/identity';
import { McpModule } from '@cw/mcp';
import { PlatformModule } from '@cw/platform';
import { QueueDashboardModule, QueueModule, QueueName } from '@cw/queue';
import { WikiModule } from '@cw/wiki';
import { WorkflowsModule } from '@cw/workflows';
import { ApiIndexModule } from './index/api-index.module';

/**
 * Every module of every service in one process on one port: the fast path for tests and for a
 * laptop. The six-process deployment composes the same modules, split by app.
 */
@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: true }),
    DbModule,
    QueueModule.register({ relay: true, consumes: Object.values(QueueName) }),
    QueueDashboardModule,
    IdentityModule.register({ withRoutes: true }),
    AuthModule,
    WikiModule,
    WorkflowsModule,
    HomeModule,
    HooksModule.register(),
    FeedbackModule,
    DiscoveryModule.register(),
    McpModule.register({ description: 'own', restCalls: 'self' }),
    ApiIndexModule,
  ],
})
export class SingleProcessModule {}
