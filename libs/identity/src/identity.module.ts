import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AcceptanceController } from './acceptance/acceptance.controller';
import { AcceptanceService } from './acceptance/acceptance.service';
import { ApiKeyService } from './api-keys/api-key.service';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { CredentialStore } from './credentials/credential-store';
import { DirectoryService } from './directory/directory.service';
import { IDENTITY_ENTITIES } from './entities';
import { IdentityConfig, loadIdentityConfig } from './identity.config';
import { AuthController } from './sessions/auth.controller';
import { SessionService } from './sessions/session.service';

const SERVICES = [
  CredentialStore,
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
        ? [AuthController, ApiKeysController, AcceptanceController]
        : [],
      providers: [...SERVICES, { provide: IdentityConfig, useFactory: () => loadIdentityConfig() }],
      exports: [CredentialStore, DirectoryService, SessionService, ApiKeyService],
    };
  }
}
