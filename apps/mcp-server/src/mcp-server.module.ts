import { Module } from '@nestjs/common';
import { AuthModule } from '@cw/auth';
import { DbModule } from '@cw/db';
import { McpModule } from '@cw/mcp';
import { PlatformModule } from '@cw/platform';
import { QueueModule } from '@cw/queue';
import { readServicesDescription } from './services-description';

@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: true }),
    DbModule,
    QueueModule.register({ relay: false }),
    AuthModule,
    McpModule.register({ description: readServicesDescription, restCalls: 'gateway' }),
  ],
})
export class McpServerModule {}
