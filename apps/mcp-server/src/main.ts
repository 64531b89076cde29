import './tracing';
import 'reflect-metadata';
import { runService, SERVICES } from '@cw/platform';
import { McpServerModule } from './mcp-server.module';

const descriptor = SERVICES.find((service) => service.name === 'mcp-server')!;

void runService(McpServerModule, {
  service: descriptor.name,
  description: 'MCP server over Streamable HTTP; each tool calls its REST route.',
  defaultPort: descriptor.defaultPort,
});
