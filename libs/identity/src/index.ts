export { IdentityModule } from './identity.module';
export { IDENTITY_ENTITIES } from './identity-entities';
export { CredentialService } from './credentials/credential.service';
export { DirectoryService } from './directory/directory.service';
export type { CompanyRecord, PersonRecord, TeamRecord } from './directory/directory-records';
export { ApiKeyService, type CreatedApiKey } from './api-keys/api-key.service';
export { SESSION_COOKIE } from './sessions/session-cookie';
export { hashToken, mintToken, type MintedToken } from './tokens/token-codec';
