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
