import type { FastifyRequest } from 'fastify';
import type { IdentityConfig } from '../identity.config';

/**
 * The public base URL of the API (`https://wiki.example.com`, no trailing slash): OAUTH_ISSUER
 * when set, otherwise the address the request came to (`request.protocol` trusts forwarded
 * headers only from TRUSTED_PROXIES).
 */
export function publicBaseOf(request: FastifyRequest, config: IdentityConfig): string {
  return (config.OAUTH_ISSUER ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}
