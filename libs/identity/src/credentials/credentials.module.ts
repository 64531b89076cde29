import { Module } from '@nestjs/common';
import { ApiKeyRepository } from '../api-keys/api-key.repository';
import { DirectoryModule } from '../directory/directory.module';
import { IdentityConfig, loadIdentityConfig } from '../identity.config';
import { OAuthSignInRepository } from '../oauth/oauth-sign-in.repository';
import { OAuthTokenRepository } from '../oauth/oauth-token.repository';
import { SessionRepository } from '../sessions/session.repository';
import { CredentialService } from './credential.service';

const REPOSITORIES = [
  SessionRepository,
  ApiKeyRepository,
  OAuthTokenRepository,
  OAuthSignInRepository,
];

/**
 * Token checking for every service: `CredentialService` resolves a presented token (session,
 * API key, OAuth access token) and checks operator grants, and `IdentityConfig` names the OAuth
 * issuer a 401 points to. No routes: `IdentityModule` adds them where they are served. The
 * repositories are exported for identity's own modules only (the lib's index does not name them).
 */
@Module({
  imports: [DirectoryModule],
  providers: [
    ...REPOSITORIES,
    CredentialService,
    { provide: IdentityConfig, useFactory: () => loadIdentityConfig() },
  ],
  exports: [...REPOSITORIES, CredentialService, IdentityConfig],
})
export class CredentialsModule {}
