import { Module } from '@nestjs/common';
import { AuthModule } from '@cw/auth';
import { DbModule } from '@cw/db';
import { HooksModule } from '@cw/hooks';
import { PlatformModule } from '@cw/platform';
import { QueueModule, QueueName } from '@cw/queue';

/** Report hooks and their deliveries; the outbox relay. */
@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: true }),
    DbModule,
    QueueModule.register({
      relay: true,
      consumes: [QueueName.ReportEvents, QueueName.HookDeliveries],
    }),
    AuthModule,
    HooksModule.register(),
  ],
})
export class HookDispatcherModule {}
