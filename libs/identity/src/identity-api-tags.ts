import type { ApiTagDefinition } from '@cw/platform';

export const AUTH_API_TAG: ApiTagDefinition = {
  name: 'auth',
  description:
    'Sign-in and sign-out with the session cookie, and API keys (session only: a bearer token ' +
    'cannot create or revoke keys). Tokens are opaque: `cwk_` API keys, `cwa_` OAuth access tokens.',
};

export const ACCEPTANCE_API_TAG: ApiTagDefinition = {
  name: 'acceptance',
  description:
    'Test environments only (ACCEPTANCE_AUTH_SECRET set): sign in as a made-to-order person ' +
    'and end that session. Elsewhere these routes answer 404.',
};

export const AGENT_TEST_API_TAG: ApiTagDefinition = {
  name: 'Agent-test authentication',
  description:
    'Test environments only (ACCEPTANCE_AUTH_SECRET set): grants a testing operator approves ' +
    'in a browser before an agent exchanges them for an API key, one-time sign-in links for a ' +
    "testbed member's browser, and that session's status and sign-out. Elsewhere these routes " +
    'answer 404.',
};
