import { Injectable } from '@nestjs/common';
import type { CredentialKind, OperatorRequirement, ResolvedCredential } from '@cw/domain';
import { ApiKeyRepository } from '../api-keys/api-key.repository';
import { OperatorGrantRepository } from '../directory/operator-grant.repository';
import { SessionRepository } from '../sessions/session.repository';
import { hashesEqual, hashToken, tokenKindOf } from '../tokens/token-codec';

/**
 * Resolves a presented token to the live credential it stands for, by the SHA-256 hash of the
 * token (the only form stored). A credential whose membership ended no longer resolves.
 */
@Injectable()
export class CredentialService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly operatorGrants: OperatorGrantRepository,
  ) {}

  async resolve(token: string): Promise<ResolvedCredential | null> {
    const kind = tokenKindOf(token);
    // OAuth access tokens resolve here once the OAuth issue lands; until then they are unknown.
    if (kind !== 'session' && kind !== 'apiKey') return null;
    const hash = hashToken(token);
    const live =
      kind === 'session'
        ? await this.sessions.findLiveByTokenHash(hash)
        : await this.apiKeys.findLiveByTokenHash(hash);
    if (!live || !hashesEqual(live.tokenHash, hash)) return null;
    return {
      kind: kind === 'session' ? 'session' : 'api_key',
      id: live.id,
      personId: live.personId,
      companyId: live.companyId,
      role: live.role,
      teamIds: live.teamIds,
      scopes: live.scopes,
    };
  }

  /**
   * A bearer credential by its id, if it still works now (unrevoked, membership kept), with its
   * person's current role and teams: for work done later on its behalf, such as report hooks.
   * OAuth access tokens resolve here once the OAuth issue lands; until then they are unknown.
   */
  async findLive(kind: CredentialKind, id: string): Promise<ResolvedCredential | null> {
    if (kind !== 'api_key') return null;
    const live = await this.apiKeys.findLiveById(id);
    return live
      ? {
          kind,
          id: live.id,
          personId: live.personId,
          companyId: live.companyId,
          role: live.role,
          teamIds: live.teamIds,
          scopes: live.scopes,
        }
      : null;
  }

  /** Operator grants are checked live on every request that needs one, never cached. */
  async missingOperatorGrants(
    personId: string,
    requirements: readonly OperatorRequirement[],
  ): Promise<OperatorRequirement[]> {
    if (requirements.length === 0) return [];
    const held = new Set(await this.operatorGrants.findHeld(personId, requirements));
    return requirements.filter((requirement) => !held.has(requirement));
  }
}
