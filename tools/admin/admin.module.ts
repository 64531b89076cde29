import { Module } from '@nestjs/common';
import { DbModule } from '@cw/db';
import { IdentityModule } from '@cw/identity';
import { PlatformModule } from '@cw/platform';
import { QueueModule } from '@cw/queue';

/** What the admin CLI and the demo seed need: identity services over the database. */
@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: false }),
    DbModule,
    QueueModule.register({ relay: false, consumes: [] }),
    IdentityModule.register({ withRoutes: false }),
  ],
})
export class AdminModule {}
