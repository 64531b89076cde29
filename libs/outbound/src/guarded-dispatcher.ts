import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import {
  type OutboundPolicy,
  type Resolver,
  resolveDialable,
  systemResolver,
} from './outbound-policy';

export interface GuardedDispatcherOptions {
  policy: OutboundPolicy;
  resolve?: Resolver;
  /** Connect, headers and body deadline of one request. */
  timeoutMs: number;
  connections?: number;
}

/**
 * The socket's own DNS lookup, replaced: the name is resolved once, every answer is checked, and
 * the connection dials one of exactly the checked addresses. A DNS answer that changes between
 * a check and the connect (rebinding) therefore never reaches a refused address.
 */
function guardedLookup(policy: OutboundPolicy, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolveDialable(
      new URL(`https://${hostname.includes(':') ? `[${hostname}]` : hostname}/`),
      policy,
      resolve,
    )
      .then((addresses) => {
        if (options.all) {
          callback(null, addresses);
          return;
        }
        const wanted = options.family === 6 ? 6 : options.family === 4 ? 4 : undefined;
        const chosen = addresses.find((each) => !wanted || each.family === wanted) ?? addresses[0];
        callback(null, chosen.address, chosen.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 4));
  };
}

/**
 * An undici dispatcher for requests to addresses a person chose (hooks, `http.request` steps):
 * checked DNS on every new connection, no redirects (undici follows none unless asked), bounded
 * time. A literal IP in the URL skips DNS, so callers check the URL with `checkOutboundUrl`
 * before each send as well.
 */
export function createGuardedDispatcher(options: GuardedDispatcherOptions): Agent {
  return new Agent({
    connect: {
      lookup: guardedLookup(options.policy, options.resolve ?? systemResolver),
      timeout: options.timeoutMs,
    },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connections: options.connections ?? 64,
    keepAliveTimeout: 4_000,
  });
}
