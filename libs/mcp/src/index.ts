export { McpModule, type McpModuleOptions } from './mcp.module';
export { MCP_TOOL_NAMES } from './catalog/tool-names';
export { allowedOriginsOf, McpConfig } from './mcp.config';
