import { type IdentityTables, queryBuilder } from '@cw/db';
import type { IDENTITY_OAUTH_SIGN_INS_REVOKED_REASON } from '@cw/db';
import type { IDENTITY_SESSIONS_KIND } from '@cw/db';

/**
 * Builds the statements of schema `identity` (its tables only; the types are generated from the
 * migrations, see libs/db/src/typed/generated/identity.ts). Run them with `all`/`first`/`run`.
 */
export const identityDb = queryBuilder<IdentityTables>();

// The OAuth and agent-test tables.
export type {
  IdentityAgentTestGrants,
  IdentityAgentTestSignInLinks,
  IdentityOauthAccessTokens,
  IdentityOauthAuthorizationCodes,
  IdentityOauthClients,
  IdentityOauthRefreshTokens,
  IdentityOauthSignIns,
} from '@cw/db';

/** Why an OAuth sign-in ended (its check in the migrations). */
export type SignInRevocationReason = (typeof IDENTITY_OAUTH_SIGN_INS_REVOKED_REASON)[number];

// The directory, sessions and API keys tables.
export type {
  IdentityApiKeys,
  IdentityCompanies,
  IdentityMemberships,
  IdentityOperatorGrants,
  IdentityPeople,
  IdentitySessions,
  IdentityTeamMemberships,
  IdentityTeams,
} from '@cw/db';

/** How a session was signed in (its check in the migrations). */
export type SessionKind = (typeof IDENTITY_SESSIONS_KIND)[number];
