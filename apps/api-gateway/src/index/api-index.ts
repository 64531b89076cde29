import { API_TITLE, API_VERSION } from '@cw/platform';
import type { ApiIndexDto } from './api-index.dto';

/** The index `GET /api` answers: the same for every caller, so it is built once. */
export const API_INDEX: ApiIndexDto = {
  name: API_TITLE,
  version: API_VERSION,
  links: {
    openapi: '/openapi.json',
    docs: '/api/developer/contracts',
    operations: '/api/developer/operations',
    health: '/health',
    ready: '/ready',
    serving: '/api/health/serving',
    mcp: '/mcp',
    oauth_authorization_server: '/.well-known/oauth-authorization-server',
    oauth_protected_resource: '/.well-known/oauth-protected-resource',
    oauth_protected_resource_mcp: '/.well-known/oauth-protected-resource/mcp',
  },
};
