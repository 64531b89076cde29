import { Controller, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import OAuth2Server from '@node-oauth/oauth2-server';
import { DescribedApiTag, RoutePolicy } from '@cw/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdentityConfig } from '../identity.config';
import { hashToken } from '../tokens/token-codec';
import {
  OAuthRevocationRequestDto,
  OAuthRevocationResponseDto,
  OAuthTokenRequestDto,
  type OAuthTokenView,
} from './dtos/token.dto';
import { OAuthTokenResponseDto } from './dtos/token.dto';
import { OAUTH_API_TAG } from './oauth-api-tag';
import { sendOAuthError, sendOAuthFailure } from './oauth-error-reply';
import { protectedResourcesOf } from './oauth-resources';
import { OAuthServer } from './oauth-server';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from './oauth-lifetimes';
import { OAuthSignInService } from './oauth-sign-in.service';
import { OAuthTokenRepository } from './oauth-token.repository';
import { publicBaseOf } from './public-base';

const FORM = 'application/x-www-form-urlencoded';

function formOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

@DescribedApiTag(OAUTH_API_TAG)
@Controller('api/oauth')
export class OAuthTokenController {
  constructor(
    private readonly server: OAuthServer,
    private readonly tokens: OAuthTokenRepository,
    private readonly signIns: OAuthSignInService,
    private readonly config: IdentityConfig,
  ) {}

  @Post('token')
  @RoutePolicy({ access: 'route_specific', errorFormat: 'oauth' })
  @ApiOperation({
    operationId: 'oauthToken',
    summary: 'OAuth token endpoint: exchanges a code (with its PKCE verifier) or a refresh token.',
    description:
      'Form-encoded `authorization_code` and `refresh_token` grants of a public client (no ' +
      'secret). A code is single-use and lives 60 seconds; presenting it again ends the sign-in ' +
      'it produced. A refresh token is spent by its use and replaced; presenting a spent one ' +
      'ends every token of that sign-in. Errors use the OAuth format `{error, ' +
      'error_description}` (for example `invalid_grant`), never the envelope.',
  })
  @ApiConsumes(FORM)
  @ApiBody({ type: OAuthTokenRequestDto })
  @ApiOkResponse({ type: OAuthTokenResponseDto })
  async token(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const form = formOf(request);
    const resource = form.resource;
    const resources = protectedResourcesOf(publicBaseOf(request, this.config));
    if (
      resource !== undefined &&
      (typeof resource !== 'string' || !resources.includes(resource.replace(/\/+$/, '')))
    ) {
      return sendOAuthError(
        reply,
        400,
        'invalid_target',
        `resource must be one of: ${resources.join(', ')}.`,
      );
    }
    const response = new OAuth2Server.Response();
    try {
      await this.server.token(
        new OAuth2Server.Request({
          method: request.method,
          headers: request.headers as Record<string, string>,
          query: {},
          body: form,
        }),
        response,
      );
    } catch (failure) {
      return sendOAuthFailure(reply, failure);
    }
    // The library counts the lifetime down from the stored expiry; the contract is exactly 30
    // days, restarting on each use.
    const body = {
      ...(response.body as OAuthTokenView),
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
    };
    return reply
      .status(200)
      .header('Cache-Control', 'no-store')
      .header('Pragma', 'no-cache')
      .send(body);
  }

  @Post('revoke')
  @RoutePolicy({ access: 'route_specific', errorFormat: 'oauth' })
  @ApiOperation({
    operationId: 'oauthRevoke',
    summary: 'OAuth token revocation (RFC 7009): ends the sign-in of an access or refresh token.',
    description:
      'Form-encoded `token` (a `cwa_` access token or a `cwr_` refresh token). Every token of ' +
      'that sign-in stops working at once in every process. Answers 200 whether or not the ' +
      'token was known, as RFC 7009 asks; a missing `token` is 400 `invalid_request`.',
  })
  @ApiConsumes(FORM)
  @ApiBody({ type: OAuthRevocationRequestDto })
  @ApiOkResponse({ type: OAuthRevocationResponseDto })
  async revoke(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const token = formOf(request).token;
    if (typeof token !== 'string' || token.length === 0) {
      return sendOAuthError(reply, 400, 'invalid_request', 'Send the token to revoke as `token`.');
    }
    const owner = await this.tokens.signInOf(hashToken(token));
    if (owner) await this.signIns.end([owner.signInId], 'revoked');
    return reply.status(200).header('Cache-Control', 'no-store').send({ revoked: true });
  }
}
