import type { ApiTagDefinition } from '@cw/platform';

export const MCP_API_TAG: ApiTagDefinition = {
  name: 'mcp',
  description:
    'The MCP server (Streamable HTTP, stateless, JSON answers): every tool calls the REST route ' +
    'whose `x-service.mcp_tools` names it, with the same bearer token.',
};
