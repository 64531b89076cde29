import { Module } from '@nestjs/common';
import { AuthModule } from '@cw/auth';
import { DbModule } from '@cw/db';
import { FeedbackModule } from '@cw/feedback';
import { PlatformModule } from '@cw/platform';
import { QueueModule } from '@cw/queue';

@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: true }),
    DbModule,
    QueueModule.register({ relay: false, consumes: [] }),
    AuthModule,
    FeedbackModule,
  ],
})
export class FeedbackIntakeModule {}
