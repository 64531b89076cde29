// `@cw/identity/credentials`: what a service needs from identity (checking credentials, reading
// the directory), without identity's routes, its OAuth server and its password hashing.
export { CredentialsModule } from './credentials/credentials.module';
export { CredentialService } from './credentials/credential.service';
export { DirectoryModule } from './directory/directory.module';
export { DirectoryService } from './directory/directory.service';
export { membershipHeldSql } from './directory/membership-held.sql';
export type { CompanyRecord, PersonRecord, TeamRecord } from './directory/directory-records';
export { IdentityConfig } from './identity.config';
export { allowedHostsOf, allowedRequestBaseOf, publicBaseOf } from './oauth/public-base';
export { hostNotAllowed } from './errors/identity-errors';
export { MCP_SCOPES } from './oauth/oauth-scopes';
export { SESSION_COOKIE } from './sessions/session-cookie';
export { hashToken, mintToken, type MintedToken } from './tokens/token-codec';
