import { Module } from '@nestjs/common';
import { AuthModule } from '@cw/auth';
import { DbModule } from '@cw/db';
import { HomeModule } from '@cw/home';
import { PlatformModule } from '@cw/platform';
import { QueueModule } from '@cw/queue';
import { WikiModule } from '@cw/wiki';

@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: true }),
    DbModule,
    QueueModule.register({ relay: false, consumes: [] }),
    AuthModule,
    WikiModule,
    HomeModule,
  ],
})
export class WikiServiceModule {}
