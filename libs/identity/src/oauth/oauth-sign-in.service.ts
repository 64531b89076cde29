import { Injectable } from '@nestjs/common';
import { InvalidGrantError } from '@node-oauth/oauth2-server';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { CredentialRevocationChannel } from '@cw/queue';
import { DataSource, type EntityManager } from 'typeorm';
import { LiveTokenCap } from '../credentials/live-token-cap';
import { hashToken } from '../tokens/token-codec';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from './oauth-lifetimes';
import {
  AuthorizationCodeRepository,
  type StoredAuthorizationCode,
} from './authorization-code.repository';
import type { SignInRevocationReason } from '../identity-schema';
import { OAuthSignInRepository, type SignInRecord } from './oauth-sign-in.repository';
import type { GrantedScopes } from './oauth-scopes';
import { OAuthTokenRepository } from './oauth-token.repository';

export interface TokensToStore {
  accessToken: string;
  /** Only for an offline sign-in. */
  refreshToken?: string;
}

/**
 * The life of OAuth sign-ins: issuing their tokens within the live-token cap, and ending them
 * (revocation, sign-out, authorizing the client again, a replayed code or refresh token). An
 * ended sign-in stops every one of its tokens at once in every process: the resolution reads
 * the sign-in, and the revocation broadcast evicts the caches.
 */
@Injectable()
export class OAuthSignInService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly signIns: OAuthSignInRepository,
    private readonly tokens: OAuthTokenRepository,
    private readonly codes: AuthorizationCodeRepository,
    private readonly cap: LiveTokenCap,
    private readonly revocations: CredentialRevocationChannel,
  ) {}

  /**
   * A new sign-in for a spent code, ending the person's earlier sign-in of the same client.
   * Refused when the code was replayed meanwhile (the replay revoked what it issued).
   */
  async issueForCode(
    code: StoredAuthorizationCode,
    granted: GrantedScopes,
    issued: TokensToStore,
  ): Promise<void> {
    const ended = await this.dataSource.transaction(async (manager) => {
      if (!(await this.codes.lockForIssue(manager, code.codeHash))) {
        throw new InvalidGrantError('Invalid grant: the authorization code was used twice');
      }
      const owner = { personId: code.personId, companyId: code.companyId, clientId: code.clientId };
      const earlier = await this.signIns.revokeOfClient(manager, owner);
      try {
        await this.cap.holdRoomFor(manager, code.personId);
      } catch (error) {
        if (error instanceof AppError && (error.code as string) === 'TOKEN_LIMIT_REACHED') {
          throw new InvalidGrantError(`Invalid grant: ${error.message}`);
        }
        throw error;
      }
      const id = await this.signIns.insert(manager, {
        ...owner,
        sessionId: code.sessionId,
        scopes: granted.scopes,
        offline: granted.offline,
      });
      await this.codes.linkSignIn(manager, code.codeHash, id);
      await this.store(manager, id, issued);
      return earlier;
    });
    await this.broadcast(ended);
  }

  /** New tokens for a live sign-in whose refresh token was just spent. */
  async issueForRefresh(signInId: string, issued: TokensToStore): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.signIns.lockLive(manager, signInId))) {
        throw new InvalidGrantError('Invalid grant: the sign-in has ended');
      }
      await this.tokens.deleteIdle(manager, signInId);
      await this.store(manager, signInId, issued);
    });
  }

  async end(signInIds: readonly string[], reason: SignInRevocationReason): Promise<void> {
    await this.broadcast(await this.signIns.revoke(signInIds, reason));
  }

  /** Signing a browser session out ends the sign-ins it approved. */
  async endApprovedBy(sessionId: string): Promise<void> {
    await this.broadcast(await this.signIns.revokeOfSession(sessionId));
  }

  listOwn(owner: Pick<Actor, 'personId' | 'companyId'>): Promise<SignInRecord[]> {
    return this.signIns.findLiveOf(owner.personId, owner.companyId);
  }

  /** Idempotent: revoking an already ended sign-in of the caller answers the same. */
  async revokeOwn(owner: Pick<Actor, 'personId' | 'companyId'>, signInId: string): Promise<void> {
    if (!(await this.signIns.revokeOwn(signInId, owner.personId, owner.companyId))) {
      throw AppError.notFound('No OAuth sign-in of yours has that id.');
    }
    await this.broadcast([signInId]);
  }

  private async store(
    manager: EntityManager,
    signInId: string,
    issued: TokensToStore,
  ): Promise<void> {
    const expiresAt = new Date(Date.now() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000);
    await this.tokens.insertAccess(manager, signInId, hashToken(issued.accessToken), expiresAt);
    if (issued.refreshToken) {
      await this.tokens.insertRefresh(manager, signInId, hashToken(issued.refreshToken));
    }
  }

  /** All at once: with Redis hung each publish waits out its own 1 s deadline, not one after another. */
  private async broadcast(signInIds: readonly string[]): Promise<void> {
    await Promise.all(
      signInIds.map((credentialId) =>
        this.revocations.publish({ type: 'credential', credentialId }),
      ),
    );
  }
}
