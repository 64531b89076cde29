import type { ServerOptions } from 'node:http';
import type { PlatformConfig } from '../config/platform.config';
import { isListedAddress, parseProxyAddresses } from '../config/proxy-addresses';

/** Node checks the header and request deadlines this often: they hold to within it. */
const DEADLINE_CHECK_INTERVAL_MS = 1000;

/**
 * The longest path parameter the router passes on (a UUID has 36 characters, a share-link token
 * 47, an action id up to 100): 414 past it. Below it, each route's own validation answers 400.
 */
export const MAX_PARAM_LENGTH = 200;

const LOOPBACK = parseProxyAddresses('loopback');

export type TrustProxy = false | ((address: string, hop: number) => boolean);

/**
 * Whose X-Forwarded-* headers a process believes. The edge (the gateway, the one-process app)
 * believes the listed proxies, hop by hop, and nobody when the list is empty. A service behind
 * the gateway believes exactly one hop, the gateway's, which overwrote X-Forwarded-For with the
 * one address it saw: its loopback peer (the gateway on the same host) or a listed one.
 */
export function trustProxyOf(trustedProxies: string, edge: boolean): TrustProxy {
  const listed = parseProxyAddresses(trustedProxies);
  if (edge) {
    return trustedProxies.trim() === '' ? false : (address) => isListedAddress(listed, address);
  }
  return (address, hop) =>
    hop === 0 && (isListedAddress(LOOPBACK, address) || isListedAddress(listed, address));
}

export interface ServerTimingOptions {
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
  trustProxy: TrustProxy;
  routerOptions: { maxParamLength: number };
}

/**
 * Bounds on receiving a request: its headers within HEADERS_TIMEOUT_MS and all of it, body
 * included, within REQUEST_TIMEOUT_MS (408 past either, in the envelope: see
 * `connection-errors.ts`); an idle keep-alive connection closes after KEEP_ALIVE_TIMEOUT_MS.
 * No socket inactivity timeout: it would also cut a slow answer, which the gateway bounds
 * itself (UPSTREAM_TIMEOUT_MS).
 */
export function serverOptionsOf(config: PlatformConfig, edge: boolean): ServerTimingOptions {
  const requestTimeout = config.REQUEST_TIMEOUT_MS;
  return {
    requestTimeout,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout,
      headersTimeout: Math.min(config.HEADERS_TIMEOUT_MS, requestTimeout),
      connectionsCheckingInterval: DEADLINE_CHECK_INTERVAL_MS,
    },
    trustProxy: trustProxyOf(config.TRUSTED_PROXIES, edge),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  };
}
