import { Injectable } from '@nestjs/common';
import { type Actor, scopeSatisfies } from '@cw/domain';
import { CredentialService } from '@cw/identity';
import type { HookCredentialKind } from '../registration/entities/hook.entity';

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
export class HookAuthority {
  constructor(private readonly credentials: CredentialService) {}

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
