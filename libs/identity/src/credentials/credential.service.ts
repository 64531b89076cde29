import { Injectable } from '@nestjs/common';
import type { CredentialKind, OperatorRequirement, ResolvedCredential } from '@cw/domain';
import { ApiKeyRepository } from '../api-keys/api-key.repository';
import { OperatorGrantRepository } from '../directory/operator-grant.repository';
import { OAuthSignInRepository } from '../oauth/oauth-sign-in.repository';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../oauth/oauth-lifetimes';
import { OAuthTokenRepository } from '../oauth/oauth-token.repository';
import { SessionRepository } from '../sessions/session.repository';
import { hashesEqual, hashToken, tokenKindOf } from '../tokens/token-codec';
import type { LiveCredential } from './live-credential';

/** An access token's 30 days restart on use, written at most once a minute per token. */
const SLIDING_WRITE_INTERVAL_MS = 60_000;

function resolved(kind: CredentialKind, live: LiveCredential): ResolvedCredential {
  return {
    kind,
    id: live.id,
    personId: live.personId,
    companyId: live.companyId,
    role: live.role,
    teamIds: live.teamIds,
    scopes: live.scopes,
  };
}

/**
 * Resolves a presented token to the live credential it stands for, by the SHA-256 hash of the
 * token (the only form stored). A credential whose membership ended no longer resolves. An
 * OAuth access token resolves to its sign-in: the credential id is the sign-in's, so that ending
 * the sign-in (one broadcast) evicts every one of its tokens.
 */
@Injectable()
export class CredentialService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly operatorGrants: OperatorGrantRepository,
    private readonly oauthTokens: OAuthTokenRepository,
    private readonly oauthSignIns: OAuthSignInRepository,
  ) {}

  async resolve(token: string): Promise<ResolvedCredential | null> {
    const kind = tokenKindOf(token);
    const hash = hashToken(token);
    if (kind === 'oauthAccess') return this.resolveAccessToken(hash);
    if (kind !== 'session' && kind !== 'apiKey') return null;
    const live =
      kind === 'session'
        ? await this.sessions.findLiveByTokenHash(hash)
        : await this.apiKeys.findLiveByTokenHash(hash);
    if (!live || !hashesEqual(live.tokenHash, hash)) return null;
    return resolved(kind === 'session' ? 'session' : 'api_key', live);
  }

  /**
   * A bearer credential by its id, if it still works now (unrevoked, membership kept), with its
   * person's current role and teams: for work done later on its behalf, such as report hooks.
   * For OAuth the id is the sign-in's, live while it can still act.
   */
  async findLive(kind: CredentialKind, id: string): Promise<ResolvedCredential | null> {
    if (kind === 'session') return null;
    const live =
      kind === 'api_key'
        ? await this.apiKeys.findLiveById(id)
        : await this.oauthSignIns.findLiveById(id);
    return live ? resolved(kind, live) : null;
  }

  private async resolveAccessToken(hash: Buffer): Promise<ResolvedCredential | null> {
    const live = await this.oauthTokens.findLiveAccess(hash);
    if (!live || !hashesEqual(live.credential.tokenHash, hash)) return null;
    if (Date.now() - live.lastUsedAt.getTime() >= SLIDING_WRITE_INTERVAL_MS) {
      await this.oauthTokens.touchAccess(live.tokenId, ACCESS_TOKEN_LIFETIME_SECONDS);
    }
    return resolved('oauth_access', live.credential);
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
