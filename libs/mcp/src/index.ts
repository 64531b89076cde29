export { McpModule, type McpModuleOptions } from './mcp.module';
