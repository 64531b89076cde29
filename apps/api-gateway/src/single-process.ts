import './single-process-tracing';
import 'reflect-metadata';
import { GATEWAY, runService } from '@cw/platform';
import { SingleProcessModule } from './single-process.module';

void runService(SingleProcessModule, {
  service: 'single-process',
  description: 'Company Wiki, Workflow and Report API (all services in one process).',
  defaultPort: GATEWAY.defaultPort,
  edge: true,
});
