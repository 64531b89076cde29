import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AcceptanceController } from './acceptance/acceptance.controller';
import { AcceptanceService } from './acceptance/acceptance.service';
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
import { IdentityConfig, loadIdentityConfig } from './identity.config';
import { IDENTITY_ENTITIES } from './identity-entities';
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
];

const SERVICES = [
  CredentialService,
  DirectoryService,
  SessionService,
  ApiKeyService,
  AcceptanceService,
];

/**
 * Identity owns the `identity` schema. `withRoutes` mounts sign-in, keys and acceptance (the
 * gateway does); every service imports it without routes for credential resolution.
 */
@Module({})
export class IdentityModule {
  static register(options: { withRoutes: boolean }): DynamicModule {
    return {
      module: IdentityModule,
      imports: [TypeOrmModule.forFeature(IDENTITY_ENTITIES)],
      controllers: options.withRoutes
        ? [SessionsController, ApiKeysController, AcceptanceController]
        : [],
      providers: [
        ...REPOSITORIES,
        ...SERVICES,
        { provide: IdentityConfig, useFactory: () => loadIdentityConfig() },
      ],
      exports: [CredentialService, DirectoryService, ApiKeyService],
    };
  }
}
