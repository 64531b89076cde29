import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AcceptanceController } from './acceptance/acceptance.controller';
import { AcceptanceService } from './acceptance/acceptance.service';
import { AcceptanceGate } from './acceptance/acceptance-gate';
import { AgentTestGrantRepository } from './agent-test/agent-test-grant.repository';
import { AgentTestGrantService } from './agent-test/agent-test-grant.service';
import { AgentTestGrantsController } from './agent-test/agent-test-grants.controller';
import { AgentTestSessionsController } from './agent-test/agent-test-sessions.controller';
import { AgentTestSignInLinkRepository } from './agent-test/agent-test-sign-in-link.repository';
import { AgentTestSignInService } from './agent-test/agent-test-sign-in.service';
import { ApiKeyRepository } from './api-keys/api-key.repository';
import { ApiKeyService } from './api-keys/api-key.service';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { CredentialService } from './credentials/credential.service';
import { CompanyRepository } from './directory/company.repository';
import { DirectoryService } from './directory/directory.service';
import { MembershipRepository } from './directory/membership.repository';
import { OperatorGrantRepository } from './directory/operator-grant.repository';
import { PersonRepository } from './directory/person.repository';
import { TeamMembershipRepository } from './directory/team-membership.repository';
import { TeamRepository } from './directory/team.repository';
import { LiveTokenCap } from './credentials/live-token-cap';
import { IdentityConfig, loadIdentityConfig } from './identity.config';
import { IDENTITY_ENTITIES } from './identity-entities';
import { AuthorizationCodeRepository } from './oauth/authorization-code.repository';
import { OAuthAuthorizeController } from './oauth/oauth-authorize.controller';
import { OAuthClientRepository } from './oauth/oauth-client.repository';
import { OAuthMetadataController } from './oauth/oauth-metadata.controller';
import { OAuthModel } from './oauth/oauth-model';
import { OAuthRegistrationController } from './oauth/oauth-registration.controller';
import { OAuthServer } from './oauth/oauth-server';
import { OAuthSignInRepository } from './oauth/oauth-sign-in.repository';
import { OAuthSignInService } from './oauth/oauth-sign-in.service';
import { OAuthSignInsController } from './oauth/oauth-sign-ins.controller';
import { OAuthTokenController } from './oauth/oauth-token.controller';
import { OAuthTokenRepository } from './oauth/oauth-token.repository';
import { UnusedClientSweeper } from './oauth/unused-client-sweeper.service';
import { SessionRepository } from './sessions/session.repository';
import { SessionService } from './sessions/session.service';
import { SessionsController } from './sessions/sessions.controller';

const REPOSITORIES = [
  CompanyRepository,
  PersonRepository,
  MembershipRepository,
  TeamRepository,
  TeamMembershipRepository,
  SessionRepository,
  ApiKeyRepository,
  OperatorGrantRepository,
  AgentTestGrantRepository,
  AgentTestSignInLinkRepository,
  OAuthClientRepository,
  AuthorizationCodeRepository,
  OAuthSignInRepository,
  OAuthTokenRepository,
];

const SERVICES = [
  CredentialService,
  DirectoryService,
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
 * sign-ins (the gateway does); every service imports it without routes for credential resolution.
 */
@Module({})
export class IdentityModule {
  static register(options: { withRoutes: boolean }): DynamicModule {
    return {
      module: IdentityModule,
      imports: [TypeOrmModule.forFeature(IDENTITY_ENTITIES)],
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
        { provide: IdentityConfig, useFactory: () => loadIdentityConfig() },
      ],
      exports: [CredentialService, DirectoryService, ApiKeyService, IdentityConfig],
    };
  }
}
