import type { ApiTagDefinition } from '@cw/platform';

export const OAUTH_API_TAG: ApiTagDefinition = {
  name: 'oauth',
  description:
    'OAuth 2.1 for MCP clients and scripts: dynamic registration of public clients (RFC 7591), ' +
    'an HTML consent page for a signed-in browser, PKCE with S256, the token and revocation ' +
    'endpoints, and the RFC 8414 and RFC 9728 metadata. Access tokens (`cwa_`) work like API ' +
    'keys on REST and `/mcp`.',
};
