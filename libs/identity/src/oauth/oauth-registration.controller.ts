import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiResponse } from '@nestjs/swagger';
import {
  AppError,
  clientBucketOf,
  DescribedApiTag,
  ErrorCode,
  OAuthErrorSchema,
  RoutePolicy,
} from '@cw/platform';
import { MinuteRateLimiter, QueueRegistry } from '@cw/queue';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdentityConfig } from '../identity.config';
import { mintToken } from '../tokens/token-codec';
import { checkClientMetadata } from './client-metadata';
import {
  OAuthClientRegistrationRequestDto,
  OAuthClientResponseDto,
  type OAuthClientView,
} from './dtos/registration.dto';
import { OAUTH_API_TAG } from './oauth-api-tag';
import { OAuthClientRepository } from './oauth-client.repository';
import { sendOAuthError } from './oauth-error-reply';

@DescribedApiTag(OAUTH_API_TAG)
@Controller('api/oauth')
export class OAuthRegistrationController {
  private readonly limiter: MinuteRateLimiter;

  constructor(
    private readonly clients: OAuthClientRepository,
    private readonly config: IdentityConfig,
    queues: QueueRegistry,
  ) {
    this.limiter = new MinuteRateLimiter(queues, {
      scope: 'identity:oauth-register',
      subject: 'OAuth client registration',
    });
  }

  @Post('register')
  @RoutePolicy({ access: 'public', errorFormat: 'oauth' })
  @ApiOperation({
    operationId: 'oauthRegisterClient',
    summary: 'Registers a public OAuth client (RFC 7591 dynamic client registration).',
    description:
      'No credential. Public clients only: the answer holds a `cwc_` client id and no secret; ' +
      'the client proves itself with PKCE on each authorization. Redirect URIs are compared ' +
      'exactly later. Errors use the OAuth format (`invalid_redirect_uri`, ' +
      '`invalid_client_metadata`). At most `OAUTH_REGISTRATIONS_PER_MINUTE` (default 30) ' +
      'registrations a minute per client address, refused ones included: one more is 429 with ' +
      '`Retry-After`.',
  })
  @ApiBody({ type: OAuthClientRegistrationRequestDto })
  @ApiCreatedResponse({ type: OAuthClientResponseDto })
  @ApiResponse({
    status: 429,
    description:
      'More than OAUTH_REGISTRATIONS_PER_MINUTE registrations from your address this minute; nothing was registered. Honour `Retry-After`.',
    type: OAuthErrorSchema,
  })
  async register(
    // Checked by the RFC 7591 rules below, whose errors are OAuth's, not the envelope's.
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    await this.countRegistrationFrom(request.ip);
    const check = checkClientMetadata(body);
    if (!check.ok) return sendOAuthError(reply, 400, check.error, check.description);
    const client = await this.clients.insert({
      id: mintToken('oauthClient').token,
      clientName: check.metadata.clientName,
      clientUri: check.metadata.clientUri,
      redirectUris: check.metadata.redirectUris,
    });
    const view: OAuthClientView = {
      client_id: client.id,
      client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
      client_name: client.clientName,
      ...(client.clientUri ? { client_uri: client.clientUri } : {}),
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
    return reply.status(201).header('Cache-Control', 'no-store').send(view);
  }

  /**
   * Counts every registration from a client address, refused ones too, before the body is read
   * (429 in the OAuth format, through the platform's handler). Fails open when Redis is down.
   */
  private async countRegistrationFrom(ip: string | undefined): Promise<void> {
    const limit = this.config.OAUTH_REGISTRATIONS_PER_MINUTE;
    const decision = await this.limiter.hit(clientBucketOf(ip), limit);
    if (decision.allowed) return;
    throw new AppError(
      ErrorCode.RateLimited,
      `Too many client registrations from your address: at most ${limit} a minute. Nothing was registered; retry after ${decision.retryAfterSeconds} s.`,
      { headers: { 'Retry-After': String(decision.retryAfterSeconds) } },
    );
  }
}
