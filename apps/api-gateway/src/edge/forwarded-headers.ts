import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** Headers about one connection (RFC 9110 §7.6.1), and `expect`: the gateway answers it itself. */
const HOP_BY_HOP = [
  'connection',
  'expect',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];
/** Forwarding headers a client sent: replaced with what the gateway saw. */
const FORWARDING = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'];
const NOT_FORWARDED = new Set([...HOP_BY_HOP, ...FORWARDING]);

/**
 * The headers a request goes to its service with: the client's own, less the hop-by-hop ones
 * (a service gets a whole body with its length) and the client's forwarding headers, which are
 * overwritten with what the gateway determined: the client address (`request.ip`: the peer, or
 * what a proxy in TRUSTED_PROXIES said), the scheme and the host.
 */
export function upstreamHeaders(
  request: FastifyRequest,
  prepared: IncomingHttpHeaders,
): IncomingHttpHeaders {
  // A forwarded body gets a Content-Type from the proxy when it had none: keep the client's.
  const dropContentType = request.headers['content-type'] === undefined;
  const headers: IncomingHttpHeaders = {};
  // Copied rather than deleted from: an object that loses keys goes slow for the rest of its way.
  for (const name in prepared) {
    if (NOT_FORWARDED.has(name) || (dropContentType && name === 'content-type')) continue;
    headers[name] = prepared[name];
  }
  headers['x-request-id'] = request.id;
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol === 'https' ? 'https' : 'http';
  if (request.host) headers['x-forwarded-host'] = request.host;
  return headers;
}
