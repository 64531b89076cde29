import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { AuthModule } from '@cw/auth';
import { DbModule } from '@cw/db';
import { McpModule } from '@cw/mcp';
import {
  PlatformModule,
  readServicesDescription,
  SERVICES_DESCRIPTION_FILE_NAME,
} from '@cw/platform';
import { QueueModule } from '@cw/queue';

@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: true }),
    DbModule,
    QueueModule.register({ relay: false, consumes: [] }),
    AuthModule,
    McpModule.register({
      // Copied beside the compiled server by the build (tools/build/build.mjs).
      description: () => readServicesDescription(join(__dirname, SERVICES_DESCRIPTION_FILE_NAME)),
      restCalls: 'gateway',
    }),
  ],
})
export class McpServerModule {}
