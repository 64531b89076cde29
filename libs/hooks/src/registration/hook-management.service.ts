import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DataSource } from 'typeorm';
import { HookAuthority } from '../access/hook-authority';
import { HookLifecycle } from '../access/hook-lifecycle';
import { hookEnded, hookNotFound } from '../errors/hooks-errors';
import { SecretBox } from '../signing/secret-box';
import { mintSigningSecret } from '../signing/signing-secret';
import { SigningKeyRepository } from '../signing/signing-key.repository';
import { hookView, type HookView, type SigningKeyView } from './hook-view';
import { type HookRecord, HookRepository } from './hook.repository';
import { ownerOf } from './hook-owner';

/**
 * Listing, key rotation and deletion of the caller's own hooks (any credential of theirs, the
 * browser session included). Another person's hook is 404, also for a company admin.
 */
@Injectable()
export class HookManagementService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hooks: HookRepository,
    private readonly keys: SigningKeyRepository,
    private readonly secrets: SecretBox,
    private readonly authority: HookAuthority,
    private readonly lifecycle: HookLifecycle,
  ) {}

  /** The live hooks; one whose credential stopped working ends here rather than show as live. */
  async list(actor: Actor): Promise<HookView[]> {
    const live = await this.hooks.listLiveOwned(ownerOf(actor));
    const withAuthority = new Map<string, boolean>();
    const shown: HookRecord[] = [];
    for (const hook of live) {
      let holds = withAuthority.get(hook.credentialId);
      if (holds === undefined) {
        holds = (await this.authority.actorFor(hook)) !== null;
        withAuthority.set(hook.credentialId, holds);
      }
      if (holds) shown.push(hook);
      else await this.lifecycle.endNow(hook.id, 'credential_ended');
    }
    return shown.map((hook) => hookView(hook));
  }

  /**
   * A new signing key, in effect for every later attempt (retries and replays included); on a
   * legacy unsigned hook it turns signing on. Not idempotent: each call makes a new key.
   */
  async rotate(actor: Actor, hookId: string): Promise<SigningKeyView> {
    const before = await this.hooks.findOwned(this.dataSource.manager, ownerOf(actor), hookId);
    if (!before) throw hookNotFound();
    if (before.state === 'live' && !(await this.authority.actorFor(before))) {
      await this.lifecycle.endNow(hookId, 'credential_ended');
    }
    const secret = mintSigningSecret();
    const sealed = this.secrets.seal(Buffer.from(secret, 'utf8'));
    return this.dataSource.transaction(async (manager) => {
      const hook = await this.hooks.findOwned(manager, ownerOf(actor), hookId, true);
      if (!hook) throw hookNotFound();
      // A callback ended as undeliverable may be replayed, and may need a new key for it.
      if (hook.state === 'ended' && hook.endedReason !== 'undeliverable') {
        throw hookEnded(hook.endedReason);
      }
      const signingKeyId = await this.keys.replace(manager, hookId, sealed);
      if (!hook.signed) await this.hooks.markSigned(manager, hookId);
      return { hook_id: hookId, signing_key_id: signingKeyId, signing_secret: secret };
    });
  }

  /** Ends the hook for good and removes its signing material; its history stays. Idempotent. */
  async remove(actor: Actor, hookId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const hook = await this.hooks.findOwned(manager, ownerOf(actor), hookId, true);
      if (!hook) throw hookNotFound();
      await this.lifecycle.end(manager, hookId, 'deleted');
      await this.keys.remove(manager, hookId);
    });
  }
}
