import './tracing';
import 'reflect-metadata';
// The MCP settings alone: the MCP server itself (its SDK, zod) runs in the mcp-server.
import { allowedOriginsOf, McpConfig } from '@cw/mcp/config';
import { GATEWAY, loadConfig, runService, SERVICES } from '@cw/platform';
import { allowBrowserOrigins } from './edge/browser-access';
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
    const fastify = app.getHttpAdapter().getInstance();
    continueOnlyWhenReadingBody(fastify);
    allowBrowserOrigins(fastify, allowedOriginsOf(loadConfig(McpConfig)));
    await app.register(serviceProxyPlugin, {
      services: SERVICES,
      description: readGatewayServicesDescription(),
      settings: loadConfig(EdgeConfig),
    });
  },
});
