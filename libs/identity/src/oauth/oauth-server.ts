import { Injectable } from '@nestjs/common';
import OAuth2Server from '@node-oauth/oauth2-server';
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  AUTHORIZATION_CODE_LIFETIME_SECONDS,
} from './oauth-lifetimes';
import { OAuthModel } from './oauth-model';

/** A refresh token has no expiry of its own; the library insists on a number it never enforces
 * here (the model stores none). */
const UNUSED_REFRESH_LIFETIME_SECONDS = ACCESS_TOKEN_LIFETIME_SECONDS;

/**
 * The `@node-oauth/oauth2-server` instance: public clients only (no client secret on either
 * grant), PKCE with S256 only, `state` optional (OAuth 2.1 with PKCE), and a new refresh token
 * on every refresh.
 */
@Injectable()
export class OAuthServer extends OAuth2Server {
  constructor(model: OAuthModel) {
    super({
      // The library's type asks for `getAccessToken`, used only by its `authenticate`, which
      // this service never calls: bearer tokens are resolved by the credential service.
      model: model as unknown as OAuth2Server.AuthorizationCodeModel,
      accessTokenLifetime: ACCESS_TOKEN_LIFETIME_SECONDS,
      refreshTokenLifetime: UNUSED_REFRESH_LIFETIME_SECONDS,
      authorizationCodeLifetime: AUTHORIZATION_CODE_LIFETIME_SECONDS,
      allowEmptyState: true,
      alwaysIssueNewRefreshToken: true,
      requireClientAuthentication: { authorization_code: false, refresh_token: false },
    });
  }
}
