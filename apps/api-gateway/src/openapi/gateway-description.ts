/** `info.description` of the gateway's merged `/openapi.json`: what every route has in common. */
export const GATEWAY_DESCRIPTION = [
  'The public edge of the Company Wiki, Workflow and Report API: every route of every service.',
  '',
  'Authentication: `Authorization: Bearer <token>` with an API key (`cwk_…`) or an OAuth access ' +
    'token (`cwa_…`), or the `session_token` cookie that sign-in sets. Each operation lists the ' +
    'schemes it takes in `security` (`[]`: no credential, or one of its own such as a link ' +
    'token) and its scopes, operator requirements and MCP tools in `x-service`.',
  '',
  'Errors: every non-2xx answer is `{"success": false, "error": {code, message, timestamp, ' +
    'request_id, details?}}` (`ErrorEnvelopeSchema`); branch on `code`. Every answer carries ' +
    '`X-Request-Id`; send your own to trace a request. 429 and 503 carry `Retry-After`.',
].join('\n');
