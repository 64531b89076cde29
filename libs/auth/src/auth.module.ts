import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CredentialsModule } from '@cw/identity/credentials';
import { AuthGuard } from './auth.guard';
import { CredentialResolver } from './credential.resolver';

/** Every service imports this: each authenticates every request itself (no gateway trust). */
@Module({
  imports: [CredentialsModule],
  providers: [CredentialResolver, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [CredentialResolver],
})
export class AuthModule {}
