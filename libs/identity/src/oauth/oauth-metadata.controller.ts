import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DescribedApiTag, RoutePolicy } from '@cw/platform';
import type { FastifyRequest } from 'fastify';
import { IdentityConfig } from '../identity.config';
import {
  AuthorizationServerMetadataDto,
  type AuthorizationServerMetadataView,
  ProtectedResourceMetadataDto,
  type ProtectedResourceMetadataView,
} from './dtos/metadata.dto';
import { OAUTH_API_TAG } from './oauth-api-tag';
import { MCP_SCOPES, REQUESTABLE_SCOPES } from './oauth-scopes';
import { publicBaseOf } from './public-base';

/** Metadata may be cached briefly by clients; it changes only with the deployment. */
const METADATA_CACHE = 'public, max-age=300';

@DescribedApiTag(OAUTH_API_TAG)
@Controller('.well-known')
export class OAuthMetadataController {
  constructor(private readonly config: IdentityConfig) {}

  @Get('oauth-authorization-server')
  @Header('Cache-Control', METADATA_CACHE)
  @RoutePolicy({ access: 'public' })
  @ApiOperation({
    operationId: 'oauthAuthorizationServerMetadata',
    summary: 'OAuth authorization server metadata (RFC 8414).',
    description:
      'Where to register a client, authorize, exchange and revoke; PKCE S256 only, public ' +
      'clients only. The issuer is OAUTH_ISSUER, or the address the request came to.',
  })
  @ApiOkResponse({ type: AuthorizationServerMetadataDto })
  authorizationServer(@Req() request: FastifyRequest): AuthorizationServerMetadataView {
    const issuer = publicBaseOf(request, this.config);
    return {
      issuer,
      authorization_endpoint: `${issuer}/api/oauth/authorize`,
      token_endpoint: `${issuer}/api/oauth/token`,
      registration_endpoint: `${issuer}/api/oauth/register`,
      revocation_endpoint: `${issuer}/api/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: [...REQUESTABLE_SCOPES],
      service_documentation: `${issuer}/openapi.json`,
    };
  }

  @Get('oauth-protected-resource')
  @Header('Cache-Control', METADATA_CACHE)
  @RoutePolicy({ access: 'public' })
  @ApiOperation({
    operationId: 'oauthProtectedResourceMetadata',
    summary: 'Protected resource metadata of the REST API (RFC 9728).',
    description: 'The API base as the resource, and this server as its authorization server.',
  })
  @ApiOkResponse({ type: ProtectedResourceMetadataDto })
  api(@Req() request: FastifyRequest): ProtectedResourceMetadataView {
    const base = publicBaseOf(request, this.config);
    return this.resource(base, base, 'Company Wiki, Workflow and Report API', REQUESTABLE_SCOPES);
  }

  @Get('oauth-protected-resource/mcp')
  @Header('Cache-Control', METADATA_CACHE)
  @RoutePolicy({ access: 'public' })
  @ApiOperation({
    operationId: 'oauthProtectedResourceMetadataMcp',
    summary: 'Protected resource metadata of the MCP server at /mcp (RFC 9728).',
    description:
      "The document a 401 from `/mcp` points to in its `WWW-Authenticate` header's " +
      '`resource_metadata`: MCP clients read it to find where to sign in. `scopes_supported` ' +
      "is the six scopes the tools need (the same as the 401 challenge's `scope`); the extra " +
      'scopes stay out, so a client asking for everything listed here gets the six.',
  })
  @ApiOkResponse({ type: ProtectedResourceMetadataDto })
  mcp(@Req() request: FastifyRequest): ProtectedResourceMetadataView {
    const base = publicBaseOf(request, this.config);
    return this.resource(base, `${base}/mcp`, 'Company Wiki MCP server', MCP_SCOPES);
  }

  private resource(
    issuer: string,
    resource: string,
    name: string,
    scopes: readonly string[],
  ): ProtectedResourceMetadataView {
    return {
      resource,
      authorization_servers: [issuer],
      scopes_supported: [...scopes],
      bearer_methods_supported: ['header'],
      resource_name: name,
      resource_documentation: `${issuer}/openapi.json`,
    };
  }
}
