import { Module } from '@nestjs/common';
import { AuthModule } from '@cw/auth';
import { DbModule } from '@cw/db';
import { HooksModule } from '@cw/hooks';
import { PlatformModule } from '@cw/platform';
import { QueueModule } from '@cw/queue';

/** Report hooks and their deliveries; the outbox relay. */
@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: true }),
    DbModule,
    QueueModule.register({ relay: true }),
    AuthModule,
    HooksModule.register(),
  ],
})
export class HookDispatcherModule {}
