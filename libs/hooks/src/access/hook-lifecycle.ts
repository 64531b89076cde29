import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { HookEndedReason } from '../hooks-schema';
import { SigningKeyRepository } from '../signing/signing-key.repository';
import { HookAuthority } from './hook-authority';
import { HookLifecycleRepository } from './hook-lifecycle.repository';

/**
 * Ends hooks. An ended hook sends nothing more: its pending deliveries are cancelled and, unless
 * a replay may reopen it (a callback ended as undeliverable), its signing material is removed.
 * Its row and its delivery history stay.
 */
@Injectable()
export class HookLifecycle {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hooks: HookLifecycleRepository,
    private readonly keys: SigningKeyRepository,
    private readonly authority: HookAuthority,
  ) {}

  /** Ends a live hook in the caller's transaction; false when it had already ended. */
  async end(manager: EntityManager, hookId: string, reason: HookEndedReason): Promise<boolean> {
    if (!(await this.hooks.end(manager, hookId, reason))) return false;
    await this.hooks.cancelPendingOfHook(manager, hookId);
    if (reason !== 'undeliverable') await this.keys.remove(manager, hookId);
    return true;
  }

  endNow(hookId: string, reason: HookEndedReason): Promise<boolean> {
    return this.dataSource.transaction((manager) => this.end(manager, hookId, reason));
  }

  /**
   * Ends the live hooks of one credential or one owner whose credential no longer carries
   * authority (revoked, membership ended, scope gone). Answers the hooks it ended.
   */
  async endWithoutAuthority(
    filter: { credentialId: string } | { ownerId: string },
  ): Promise<string[]> {
    const ended: string[] = [];
    for (const principal of await this.hooks.liveCredentials(filter)) {
      if (await this.authority.actorFor(principal)) continue;
      for (const hookId of principal.hookIds) {
        if (await this.endNow(hookId, 'credential_ended')) ended.push(hookId);
      }
    }
    return ended;
  }
}
