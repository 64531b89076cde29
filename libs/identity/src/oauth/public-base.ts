import type { FastifyRequest } from 'fastify';
import type { IdentityConfig } from '../identity.config';
import { hostNotAllowed } from '../errors/identity-errors';
import { AllowedHosts } from './allowed-hosts';

const hostsByConfig = new WeakMap<IdentityConfig, AllowedHosts>();

/** The Host names this process answers as (see `AllowedHosts`), read once per settings object. */
export function allowedHostsOf(config: IdentityConfig): AllowedHosts {
  let hosts = hostsByConfig.get(config);
  if (!hosts) {
    hosts = new AllowedHosts({
      publicBase: config.OAUTH_ISSUER,
      listed: config.MCP_ALLOWED_HOSTS,
    });
    hostsByConfig.set(config, hosts);
  }
  return hosts;
}

/**
 * The address the request came to (`request.protocol` and `request.host` trust forwarded
 * headers only from TRUSTED_PROXIES, and a service only the gateway's) when its host is one the
 * settings allow; undefined for any other host, which a DNS-rebinding page can choose freely.
 */
export function allowedRequestBaseOf(
  request: FastifyRequest,
  config: IdentityConfig,
): string | undefined {
  if (!allowedHostsOf(config).allows(request.host)) return undefined;
  return `${request.protocol}://${request.host.toLowerCase()}`;
}

/**
 * The public base URL of the API (`https://wiki.example.com`, no trailing slash): OAUTH_ISSUER
 * when set, otherwise the address the request came to when its host is allowed. Any other
 * host is refused (403), so OAuth metadata and challenges never name a host from a request.
 */
export function publicBaseOf(request: FastifyRequest, config: IdentityConfig): string {
  if (config.OAUTH_ISSUER !== undefined) return config.OAUTH_ISSUER.replace(/\/$/, '');
  const base = allowedRequestBaseOf(request, config);
  if (base === undefined) throw hostNotAllowed(request.host);
  return base;
}
