import { Injectable } from '@nestjs/common';
import type OAuth2Server from '@node-oauth/oauth2-server';
import { InvalidGrantError, InvalidScopeError } from '@node-oauth/oauth2-server';
import { hashToken, mintToken } from '../tokens/token-codec';
import {
  AuthorizationCodeRepository,
  type StoredAuthorizationCode,
} from './authorization-code.repository';
import { OAuthClientRepository } from './oauth-client.repository';
import { grantScopes, scopeListOf } from './oauth-scopes';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from './oauth-lifetimes';
import { OAuthSignInService } from './oauth-sign-in.service';
import { OAuthTokenRepository } from './oauth-token.repository';

type Client = OAuth2Server.Client;
type Token = OAuth2Server.Token;
type AuthorizationCode = OAuth2Server.AuthorizationCode;
type RefreshToken = OAuth2Server.RefreshToken;

/** Who approved an authorization request, from where, for which resource. */
export interface ApprovingUser {
  personId: string;
  companyId: string;
  sessionId: string | null;
  resource: string | null;
}

/** The user the library carries from a refresh token to its new tokens. */
interface RefreshingUser {
  signInId: string;
}

/** What an authorization code carries from its exchange to the new sign-in: the code itself. */
interface CodeUser {
  code: StoredAuthorizationCode;
}

const GRANTS = ['authorization_code', 'refresh_token'];

function isOffline(scope: readonly string[] | undefined): boolean {
  const decision = grantScopes(scope);
  return decision.ok && decision.granted.offline;
}

/** The library's models without `getAccessToken`: resolving tokens is the credential service's. */
export type GrantModel = Omit<
  OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel,
  'getAccessToken'
>;

/**
 * The storage behind `@node-oauth/oauth2-server`: the library runs the grant flows (PKCE
 * verification, code and refresh checks, the token response); this model keeps clients, codes
 * and tokens in PostgreSQL as hashes, with this service's rules: prefixed tokens, codes
 * and refresh tokens spent exactly once, and a second presentation of either revoking the
 * sign-in it produced.
 */
@Injectable()
export class OAuthModel implements GrantModel {
  constructor(
    private readonly clients: OAuthClientRepository,
    private readonly codes: AuthorizationCodeRepository,
    private readonly tokens: OAuthTokenRepository,
    private readonly signIns: OAuthSignInService,
  ) {}

  async getClient(clientId: string): Promise<Client | null> {
    const client = await this.clients.findById(clientId);
    return client ? { id: client.id, redirectUris: client.redirectUris, grants: GRANTS } : null;
  }

  generateAccessToken(): Promise<string> {
    return Promise.resolve(mintToken('oauthAccess').token);
  }

  generateRefreshToken(): Promise<string> {
    return Promise.resolve(mintToken('oauthRefresh').token);
  }

  /** Unknown scope names refuse the request; an omitted scope grants the six scopes. */
  validateScope(_user: unknown, _client: Client, scope?: string[]): Promise<string[]> {
    const decision = grantScopes(scope);
    if (!decision.ok) {
      throw new InvalidScopeError(`Invalid scope: unknown scope ${decision.unknown.join(' ')}`);
    }
    return Promise.resolve(scopeListOf(decision.granted));
  }

  async saveAuthorizationCode(
    code: Pick<
      AuthorizationCode,
      'authorizationCode' | 'expiresAt' | 'redirectUri' | 'scope' | 'codeChallenge'
    >,
    client: Client,
    user: ApprovingUser,
  ): Promise<AuthorizationCode> {
    await this.codes.deleteStale();
    await this.codes.insert({
      codeHash: hashToken(code.authorizationCode),
      clientId: client.id,
      companyId: user.companyId,
      personId: user.personId,
      sessionId: user.sessionId,
      redirectUri: code.redirectUri,
      scopes: code.scope ?? [],
      codeChallenge: code.codeChallenge ?? '',
      resource: user.resource,
      expiresAt: code.expiresAt,
    });
    return { ...code, client, user };
  }

  /** A spent code presented again is a replay: the sign-in it produced is revoked. */
  async getAuthorizationCode(authorizationCode: string): Promise<AuthorizationCode | null> {
    const codeHash = hashToken(authorizationCode);
    const code = await this.codes.findByHash(codeHash);
    if (!code) return null;
    if (code.usedAt) {
      await this.revokeReplayed(codeHash);
      return null;
    }
    const user: CodeUser = { code };
    return {
      authorizationCode,
      expiresAt: code.expiresAt,
      redirectUri: code.redirectUri,
      scope: code.scopes,
      codeChallenge: code.codeChallenge,
      codeChallengeMethod: 'S256',
      client: { id: code.clientId, grants: GRANTS },
      user,
    };
  }

  /** Spends the code; the loser of two parallel exchanges is treated as a replay. */
  async revokeAuthorizationCode(code: AuthorizationCode): Promise<boolean> {
    const { codeHash } = (code.user as CodeUser).code;
    if (await this.codes.markUsed(codeHash)) return true;
    await this.revokeReplayed(codeHash);
    return false;
  }

  async getRefreshToken(refreshToken: string): Promise<RefreshToken | null> {
    const stored = await this.tokens.findRefresh(hashToken(refreshToken));
    if (!stored || stored.signInRevoked) return null;
    if (stored.usedAt) {
      await this.signIns.end([stored.signInId], 'refresh_reuse');
      return null;
    }
    const user: RefreshingUser = { signInId: stored.signInId };
    return {
      refreshToken,
      scope: scopeListOf({ scopes: stored.scopes, offline: stored.offline }),
      client: { id: stored.clientId, grants: GRANTS },
      user,
    };
  }

  /** Spends the refresh token; the loser of two parallel refreshes is treated as a reuse. */
  async revokeToken(token: RefreshToken): Promise<boolean> {
    if (await this.tokens.markRefreshUsed(hashToken(token.refreshToken))) return true;
    await this.signIns.end([(token.user as RefreshingUser).signInId], 'refresh_reuse');
    return false;
  }

  async saveToken(token: Token, client: Client, user: CodeUser | RefreshingUser): Promise<Token> {
    const offline = isOffline(token.scope);
    const issued = {
      accessToken: token.accessToken,
      refreshToken: offline ? token.refreshToken : undefined,
    };
    if ('signInId' in user) {
      await this.signIns.issueForRefresh(user.signInId, issued);
    } else {
      const decision = grantScopes(token.scope);
      if (!decision.ok) throw new InvalidGrantError('Invalid grant: the code carries no scope');
      await this.signIns.issueForCode(user.code, decision.granted, issued);
    }
    return {
      accessToken: issued.accessToken,
      accessTokenExpiresAt: new Date(Date.now() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000),
      refreshToken: issued.refreshToken,
      scope: token.scope,
      client,
      user,
    };
  }

  private async revokeReplayed(codeHash: Buffer): Promise<void> {
    const signInId = await this.codes.markReplayed(codeHash);
    if (signInId) await this.signIns.end([signInId], 'code_replay');
  }
}
