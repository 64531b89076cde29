export { IdentityModule } from './identity.module';
export { CredentialsModule } from './credentials/credentials.module';
export { DirectoryModule } from './directory/directory.module';
export { CredentialService } from './credentials/credential.service';
export { IdentityConfig } from './identity.config';
export { allowedHostsOf, allowedRequestBaseOf, publicBaseOf } from './oauth/public-base';
export { hostNotAllowed } from './errors/identity-errors';
export { MCP_SCOPES } from './oauth/oauth-scopes';
export { DirectoryService } from './directory/directory.service';
export { membershipHeldSql } from './directory/membership-held.sql';
export type { CompanyRecord, PersonRecord, TeamRecord } from './directory/directory-records';
export {
  ApiKeyService,
  type CreatedApiKey,
  type OwnedApiKeyView,
} from './api-keys/api-key.service';
export { SESSION_COOKIE } from './sessions/session-cookie';
export { hashToken, mintToken, type MintedToken } from './tokens/token-codec';
export { UnusedClientSweeper } from './oauth/unused-client-sweeper.service';
