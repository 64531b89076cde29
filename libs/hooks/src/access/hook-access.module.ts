import { Module } from '@nestjs/common';
import { CredentialsModule } from '@cw/identity/credentials';
import { HookRepository } from '../registration/hook.repository';
import { HookSigningModule } from '../signing/hook-signing.module';
import { HookAuthority } from './hook-authority';
import { HookLifecycle } from './hook-lifecycle';
import { HookLifecycleRepository } from './hook-lifecycle.repository';
import { RevocationListener } from './revocation-listener';

/**
 * What registration and delivery both stand on: whose hook is whose (`HookRepository`), under
 * whose authority it delivers, and how it ends (also on a revoked credential).
 */
@Module({
  imports: [CredentialsModule, HookSigningModule],
  providers: [
    HookRepository,
    HookAuthority,
    HookLifecycle,
    HookLifecycleRepository,
    RevocationListener,
  ],
  exports: [HookRepository, HookAuthority, HookLifecycle, HookLifecycleRepository],
})
export class HookAccessModule {}
