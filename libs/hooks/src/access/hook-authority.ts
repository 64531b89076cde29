import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Actor, scopeSatisfies } from '@cw/domain';
import { CredentialService } from '@cw/identity/credentials';
import { CredentialRevocationChannel, RevocableCache } from '@cw/queue';
import type { HookCredentialKind } from '../hooks-schema';

/** Whose authority a hook delivers under: the person and the credential that registered it. */
export interface HookPrincipal {
  ownerId: string;
  companyId: string;
  credentialKind: HookCredentialKind;
  credentialId: string;
}

export const HOOK_SCOPE = 'workflows:read';

/**
 * A hook acts as its owner through the credential that registered it, with the owner's role
 * and teams as they are now. It has authority only while that credential is live (not revoked,
 * the membership kept) and still holds `workflows:read`.
 */
@Injectable()
export class HookAuthority implements OnModuleInit {
  private readonly cache: RevocableCache<string, { principal: HookPrincipal; actor: Actor | null }>;

  constructor(
    private readonly credentials: CredentialService,
    revocations: CredentialRevocationChannel,
  ) {
    this.cache = new RevocableCache(revocations, {
      holderOf: ({ principal, actor }) =>
        actor && { credentialId: principal.credentialId, personId: principal.ownerId },
    });
  }

  onModuleInit(): Promise<void> {
    return this.cache.subscribe();
  }

  /**
   * `actorFor` through the same short, revocation-aware cache as API keys (`RevocableCache`):
   * for deliveries, which check it at every attempt. A revoked credential or an ended membership
   * is broadcast and evicts at once; scope and team changes reach it within the TTL. Only live
   * authority is kept: a refusal is read from the database each time.
   */
  async deliveringActorFor(principal: HookPrincipal): Promise<Actor | null> {
    const key = [
      principal.credentialKind,
      principal.credentialId,
      principal.ownerId,
      principal.companyId,
    ].join(' ');
    const { actor } = await this.cache.get(key, async () => ({
      principal,
      actor: await this.actorFor(principal),
    }));
    // A refusal ends hooks: it is never answered from the cache.
    if (!actor) this.cache.forget(key);
    return actor;
  }

  /** The owner's authority as the database says now. */
  async actorFor(principal: HookPrincipal): Promise<Actor | null> {
    const live = await this.credentials.findLive(principal.credentialKind, principal.credentialId);
    if (!live || live.personId !== principal.ownerId || live.companyId !== principal.companyId) {
      return null;
    }
    if (live.scopes && !scopeSatisfies(live.scopes, HOOK_SCOPE)) return null;
    return {
      personId: live.personId,
      companyId: live.companyId,
      role: live.role,
      teamIds: live.teamIds,
      credential: { kind: live.kind, id: live.id, scopes: live.scopes },
    };
  }
}
