import { Injectable } from '@nestjs/common';
import { presentedToken, CredentialResolver } from '@cw/auth';
import {
  allowedRequestBaseOf,
  hostNotAllowed,
  IdentityConfig,
  MCP_SCOPES,
  publicBaseOf,
} from '@cw/identity/credentials';
import { AppError, bearerChallenge, ErrorCode } from '@cw/platform';
import type { FastifyRequest } from 'fastify';
import { allowedOriginsOf, McpConfig } from '../mcp.config';

/** The MCP resource's metadata document, relative to the public base address. */
export const RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

/**
 * What `/mcp` checks before the protocol: the browser origin (DNS-rebinding protection, as
 * the MCP specification asks) and the bearer token, the same as REST's.
 */
@Injectable()
export class CallerCheck {
  private readonly allowedOrigins: Set<string>;

  constructor(
    config: McpConfig,
    private readonly identity: IdentityConfig,
    private readonly resolver: CredentialResolver,
  ) {
    this.allowedOrigins = allowedOriginsOf(config);
  }

  /**
   * A `Host` the settings do not name is refused first, with or without `Origin`: a rebinding
   * page chooses both, so the request's own address proves nothing until its host is allowed.
   */
  checkOrigin(request: FastifyRequest): void {
    const ownBase = allowedRequestBaseOf(request, this.identity);
    if (ownBase === undefined) throw hostNotAllowed(request.host);
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const normalized = origin.replace(/\/$/, '').toLowerCase();
    if (this.allowedOrigins.has(normalized) || normalized === ownBase) return;
    if (normalized === publicBaseOf(request, this.identity).toLowerCase()) return;
    throw AppError.accessDenied(
      `The origin ${origin} may not call the MCP server; an operator lists allowed ones in MCP_ALLOWED_ORIGINS.`,
      { error: 'origin_not_allowed' },
    );
  }

  /**
   * The caller's bearer token once it resolves; else 401 with the challenge MCP clients follow:
   * the resource metadata, the scopes `/mcp` needs (what a client asks for), and
   * `invalid_token` when a token was sent (RFC 6750 §3.1).
   */
  async bearerToken(request: FastifyRequest): Promise<string> {
    const presented = presentedToken(request);
    if (presented?.via === 'bearer') {
      const credential = await this.resolver.resolve(presented.token);
      if (credential && credential.kind !== 'session') return presented.token;
    }
    const sent = presented?.via === 'bearer';
    const message = sent
      ? 'The token is invalid, expired or revoked.'
      : 'Send `Authorization: Bearer <API key or access token>`.';
    throw new AppError(ErrorCode.AuthRequired, message, {
      headers: {
        'WWW-Authenticate': bearerChallenge({
          ...(sent ? { error: 'invalid_token', description: message } : {}),
          scope: MCP_SCOPES,
          resourceMetadata: `${publicBaseOf(request, this.identity)}${RESOURCE_METADATA_PATH}`,
        }),
      },
    });
  }
}
