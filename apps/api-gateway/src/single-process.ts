import './single-process-tracing';
import 'reflect-metadata';
import { allowedOriginsOf, McpConfig } from '@cw/mcp';
import { GATEWAY, loadConfig, runService } from '@cw/platform';
import { allowBrowserOrigins } from './edge/browser-access';
import { SingleProcessModule } from './single-process.module';

void runService(SingleProcessModule, {
  service: 'single-process',
  description: 'Company Wiki, Workflow and Report API (all services in one process).',
  defaultPort: GATEWAY.defaultPort,
  edge: true,
  configure: async (app) => {
    allowBrowserOrigins(
      app.getHttpAdapter().getInstance(),
      allowedOriginsOf(loadConfig(McpConfig)),
    );
  },
});
