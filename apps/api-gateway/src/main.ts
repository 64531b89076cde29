import 'reflect-metadata';
import { GATEWAY, runService, SERVICES } from '@cw/platform';
import { GatewayModule } from './gateway.module';
import { serviceProxyPlugin } from './proxy/service-proxy.plugin';

void runService(GatewayModule, {
  service: GATEWAY.name,
  description: 'Public edge of the Company Wiki, Workflow and Report API.',
  defaultPort: GATEWAY.defaultPort,
  configure: async (app) => {
    await app.register(serviceProxyPlugin, { services: SERVICES });
  },
});
