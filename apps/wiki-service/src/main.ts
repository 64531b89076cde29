import './tracing';
import 'reflect-metadata';
import { runService, SERVICES } from '@cw/platform';
import { WikiServiceModule } from './wiki-service.module';

const descriptor = SERVICES.find((service) => service.name === 'wiki-service')!;

void runService(WikiServiceModule, {
  service: descriptor.name,
  description: 'Company wiki, agent memory, home summary and public links.',
  defaultPort: descriptor.defaultPort,
});
