import './tracing';
import 'reflect-metadata';
import { runService, SERVICES } from '@cw/platform';
import { HookDispatcherModule } from './hook-dispatcher.module';

const descriptor = SERVICES.find((service) => service.name === 'hook-dispatcher')!;

void runService(HookDispatcherModule, {
  service: descriptor.name,
  description: 'Report hooks and their deliveries; the outbox relay and delivery workers.',
  defaultPort: descriptor.defaultPort,
});
