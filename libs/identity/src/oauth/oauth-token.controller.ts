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
import { AuthorizationCodeRepository } from './authorization-code.repository';
import { isClientId } from './client-id';
import { sameResource } from './authorization-request';
import { fieldsOf } from './form-fields';
import { OAUTH_API_TAG } from './oauth-api-tag';
import { OAuthClientRepository } from './oauth-client.repository';
import { sendOAuthError, sendOAuthFailure } from './oauth-error-reply';
import { protectedResourcesOf } from './oauth-resources';
import { OAuthServer } from './oauth-server';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from './oauth-lifetimes';
import { OAuthSignInService } from './oauth-sign-in.service';
import { OAuthTokenRepository } from './oauth-token.repository';
import { publicBaseOf } from './public-base';

const FORM = 'application/x-www-form-urlencoded';

@DescribedApiTag(OAUTH_API_TAG)
@Controller('api/oauth')
export class OAuthTokenController {
  constructor(
    private readonly server: OAuthServer,
    private readonly tokens: OAuthTokenRepository,
    private readonly signIns: OAuthSignInService,
    private readonly config: IdentityConfig,
    private readonly codes: AuthorizationCodeRepository,
    private readonly clients: OAuthClientRepository,
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
    const form = fieldsOf(request.body);
    const targetProblem = await this.targetProblem(form, publicBaseOf(request, this.config));
    if (targetProblem) return sendOAuthError(reply, 400, 'invalid_target', targetProblem);
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

  /**
   * RFC 8707: a `resource` must be the API or `/mcp`, and, on a code exchange, the one the code
   * was authorized for (read only when a resource is sent).
   */
  private async targetProblem(
    form: Record<string, unknown>,
    base: string,
  ): Promise<string | undefined> {
    const resource = form.resource;
    if (resource === undefined) return undefined;
    const resources = protectedResourcesOf(base);
    if (typeof resource !== 'string' || !resources.some((known) => sameResource(known, resource)))
      return `resource must be one of: ${resources.join(', ')}.`;
    if (form.grant_type !== 'authorization_code' || typeof form.code !== 'string') return undefined;
    const authorized = (await this.codes.findByHash(hashToken(form.code)))?.resource;
    return authorized && !sameResource(authorized, resource)
      ? `resource must be the one the code was authorized for: ${authorized}.`
      : undefined;
  }

  @Post('revoke')
  @RoutePolicy({ access: 'route_specific', errorFormat: 'oauth' })
  @ApiOperation({
    operationId: 'oauthRevoke',
    summary: 'OAuth token revocation (RFC 7009): ends the sign-in of an access or refresh token.',
    description:
      'Form-encoded `token` (a `cwa_` access token or a `cwr_` refresh token) and the ' +
      "client's `client_id` (a public client identifies itself so). Every token of that " +
      'sign-in stops working at once in every process. Answers 200 whether or not the token ' +
      'was known, as RFC 7009 asks. A token issued to another client is left alone: 400 ' +
      '`unauthorized_client` (RFC 7009 2.1 refuses the request). A missing `token` is 400 ' +
      '`invalid_request`; a missing or unknown `client_id` is 401 `invalid_client`.',
  })
  @ApiConsumes(FORM)
  @ApiBody({ type: OAuthRevocationRequestDto })
  @ApiOkResponse({ type: OAuthRevocationResponseDto })
  async revoke(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const form = fieldsOf(request.body);
    const { token, client_id: clientId } = form;
    if (typeof token !== 'string' || token.length === 0) {
      return sendOAuthError(reply, 400, 'invalid_request', 'Send the token to revoke as `token`.');
    }
    if (!isClientId(clientId) || !(await this.clients.findById(clientId))) {
      return sendOAuthError(
        reply,
        401,
        'invalid_client',
        'Send the `client_id` of a registered client: only the client a token was issued to may revoke it.',
      );
    }
    const owner = await this.tokens.signInOf(hashToken(token));
    if (owner && owner.clientId !== clientId) {
      return sendOAuthError(
        reply,
        400,
        'unauthorized_client',
        'This token was issued to another client; only that client may revoke it. Nothing was revoked.',
      );
    }
    if (owner) await this.signIns.end([owner.signInId], 'revoked');
    return reply.status(200).header('Cache-Control', 'no-store').send({ revoked: true });
  }
}
