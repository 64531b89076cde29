import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import { DescribedApiTag, RoutePolicy } from '@cw/platform';
import type { FastifyReply } from 'fastify';
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
  constructor(private readonly clients: OAuthClientRepository) {}

  @Post('register')
  @RoutePolicy({ access: 'public', errorFormat: 'oauth' })
  @ApiOperation({
    operationId: 'oauthRegisterClient',
    summary: 'Registers a public OAuth client (RFC 7591 dynamic client registration).',
    description:
      'No credential. Public clients only: the answer holds a `cwc_` client id and no secret; ' +
      'the client proves itself with PKCE on each authorization. Redirect URIs are compared ' +
      'exactly later. Errors use the OAuth format (`invalid_redirect_uri`, ' +
      '`invalid_client_metadata`).',
  })
  @ApiBody({ type: OAuthClientRegistrationRequestDto })
  @ApiCreatedResponse({ type: OAuthClientResponseDto })
  async register(
    // Checked by the RFC 7591 rules below, whose errors are OAuth's, not the envelope's.
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const check = checkClientMetadata(body);
    if (!check.ok) return sendOAuthError(reply, 400, check.error, check.description);
    const client = await this.clients.insert({
      id: mintToken('oauthClient').token,
      name: check.metadata.clientName,
      clientUri: check.metadata.clientUri,
      redirectUris: check.metadata.redirectUris,
    });
    const view: OAuthClientView = {
      client_id: client.id,
      client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
      client_name: client.name,
      ...(client.clientUri ? { client_uri: client.clientUri } : {}),
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
    return reply.status(201).header('Cache-Control', 'no-store').send(view);
  }
}
