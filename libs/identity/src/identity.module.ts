import { type DynamicModule, Module } from '@nestjs/common';
import { AcceptanceController } from './acceptance/acceptance.controller';
import { AcceptanceService } from './acceptance/acceptance.service';
import { AcceptanceGate } from './acceptance/acceptance-gate';
import { AgentTestGrantRepository } from './agent-test/agent-test-grant.repository';
import { AgentTestGrantService } from './agent-test/agent-test-grant.service';
import { AgentTestGrantsController } from './agent-test/agent-test-grants.controller';
import { AgentTestSessionsController } from './agent-test/agent-test-sessions.controller';
import { AgentTestSignInLinkRepository } from './agent-test/agent-test-sign-in-link.repository';
import { AgentTestSignInService } from './agent-test/agent-test-sign-in.service';
import { ApiKeyService } from './api-keys/api-key.service';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { CredentialsModule } from './credentials/credentials.module';
import { LiveTokenCap } from './credentials/live-token-cap';
import { DirectoryModule } from './directory/directory.module';
import { AuthorizationCodeRepository } from './oauth/authorization-code.repository';
import { OAuthAuthorizeController } from './oauth/oauth-authorize.controller';
import { OAuthClientRepository } from './oauth/oauth-client.repository';
import { OAuthMetadataController } from './oauth/oauth-metadata.controller';
import { OAuthModel } from './oauth/oauth-model';
import { OAuthRegistrationController } from './oauth/oauth-registration.controller';
import { OAuthServer } from './oauth/oauth-server';
import { OAuthSignInService } from './oauth/oauth-sign-in.service';
import { OAuthSignInsController } from './oauth/oauth-sign-ins.controller';
import { OAuthTokenController } from './oauth/oauth-token.controller';
import { UnusedClientSweeper } from './oauth/unused-client-sweeper.service';
import { SessionService } from './sessions/session.service';
import { SessionsController } from './sessions/sessions.controller';

/** Beside the credentials' and the directory's: the sign-in flows' own tables. */
const REPOSITORIES = [
  AgentTestGrantRepository,
  AgentTestSignInLinkRepository,
  OAuthClientRepository,
  AuthorizationCodeRepository,
];

const SERVICES = [
  SessionService,
  ApiKeyService,
  AcceptanceService,
  AcceptanceGate,
  AgentTestGrantService,
  AgentTestSignInService,
  LiveTokenCap,
  OAuthSignInService,
  OAuthModel,
  OAuthServer,
];

/**
 * Identity owns the `identity` schema. `withRoutes` mounts sign-in, keys, OAuth and the test
 * sign-ins (the gateway does); without routes it serves the admin CLI (keys, seeding). A service
 * that only checks tokens or looks people up imports `CredentialsModule` or `DirectoryModule`,
 * which this module builds on, so each of their providers exists once in a process.
 */
@Module({})
export class IdentityModule {
  static register(options: { withRoutes: boolean }): DynamicModule {
    return {
      module: IdentityModule,
      imports: [CredentialsModule, DirectoryModule],
      controllers: options.withRoutes
        ? [
            SessionsController,
            ApiKeysController,
            AcceptanceController,
            AgentTestGrantsController,
            AgentTestSessionsController,
            OAuthMetadataController,
            OAuthRegistrationController,
            OAuthAuthorizeController,
            OAuthTokenController,
            OAuthSignInsController,
          ]
        : [],
      providers: [
        ...REPOSITORIES,
        ...SERVICES,
        // Where clients register, their unused ones are deleted (one sweep per OAuth server).
        ...(options.withRoutes ? [UnusedClientSweeper] : []),
      ],
      exports: [CredentialsModule, DirectoryModule, ApiKeyService],
    };
  }
}
