import './tracing';
import 'reflect-metadata';
import { runService, SERVICES } from '@cw/platform';
import { WorkflowRunnerModule } from './workflow-runner.module';

const descriptor = SERVICES.find((service) => service.name === 'workflow-runner')!;

void runService(WorkflowRunnerModule, {
  service: descriptor.name,
  description: 'Workflows, runs, reports and code sessions; run and schedule workers.',
  defaultPort: descriptor.defaultPort,
});
