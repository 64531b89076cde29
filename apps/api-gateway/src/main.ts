import './tracing';
import 'reflect-metadata';
import { GATEWAY, loadConfig, runService, SERVICES } from '@cw/platform';
import { EdgeConfig } from './edge/edge.config';
import { continueOnlyWhenReadingBody } from './edge/expect-continue';
import { GatewayModule } from './gateway.module';
import { GATEWAY_DESCRIPTION } from './openapi/gateway-description';
import { readGatewayServicesDescription } from './openapi/services-description';
import { serviceProxyPlugin } from './proxy/service-proxy.plugin';

void runService(GatewayModule, {
  service: GATEWAY.name,
  description: GATEWAY_DESCRIPTION,
  defaultPort: GATEWAY.defaultPort,
  edge: true,
  configure: async (app) => {
    continueOnlyWhenReadingBody(app.getHttpAdapter().getInstance());
    await app.register(serviceProxyPlugin, {
      services: SERVICES,
      description: readGatewayServicesDescription(),
      settings: loadConfig(EdgeConfig),
    });
  },
});
