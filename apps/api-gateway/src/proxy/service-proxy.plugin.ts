import replyFrom from '@fastify/reply-from';
import type { OpenAPIObject } from '@nestjs/swagger';
import { sendError, type ServiceDescriptor, serviceUrl } from '@cw/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { earlyRefusal } from '../edge/early-refusals';
import type { EdgeConfig } from '../edge/edge.config';
import { describedRoutes } from '../edge/edge-routes';
import { upstreamHeaders } from '../edge/forwarded-headers';
import { originForm, pathOf } from '../edge/request-url';
import { forwardingRefusal, forwardingTarget } from './forwarding-target';
import { upstreamFailure } from './upstream-failure';

const UPSTREAM_CONNECTIONS = 256;
/** Below the services' keep-alive timeout (KEEP_ALIVE_TIMEOUT_MS), whose hint undici also follows. */
const UPSTREAM_KEEP_ALIVE_MS = 60_000;
const UPSTREAM_CONNECT_TIMEOUT_MS = 10_000;

export interface ServiceProxyOptions {
  services: readonly ServiceDescriptor[];
  /** The services' OpenAPI description: each operation's policy and body kind. */
  description: OpenAPIObject;
  settings: EdgeConfig;
}

function forwarderTo(service: ServiceDescriptor, timeoutMs: number): RouteHandlerMethod {
  const base = serviceUrl(service);
  return function forward(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    // `urlRefusal` (onRequest) refused every target that is not a path or an absolute URL.
    const target = forwardingTarget(base, pathOf(originForm(request.url) ?? request.url));
    try {
      // reply-from appends the query string exactly as the client sent it.
      return reply.from(target, {
        ...(body && {
          body,
          // Given a content type, reply-from sends the bytes as they are (never re-encoded).
          contentType: request.headers['content-type'] ?? 'application/octet-stream',
        }),
        rewriteRequestHeaders: (_original, headers) => upstreamHeaders(request, headers),
        // Never repeat a request on the client's behalf (reply-from retries a GET answered 503).
        retryDelay: () => null,
        onError: (failedReply, { error }) => {
          request.log.warn({ err: error, service: service.name }, 'upstream failed');
          sendError(
            upstreamFailure(service.name, error, timeoutMs),
            request,
            failedReply as unknown as FastifyReply,
          );
        },
      });
    } catch (error) {
      throw forwardingRefusal(error) ?? error;
    }
  };
}

/**
 * Forwards each path a service owns to it over keep-alive pools. The edge refuses from the
 * headers what it can (a bad URL, a `person` route without a credential, a declared length over
 * the limit) before any body is read, then receives the whole body (within the route's limit
 * and REQUEST_TIMEOUT_MS) and sends it on byte for byte, so a slow client never holds an
 * upstream connection. Runs in its own encapsulated context: its catch-all body parser and its
 * hooks do not affect the gateway's own routes.
 */
export async function serviceProxyPlugin(
  instance: FastifyInstance,
  options: ServiceProxyOptions,
): Promise<void> {
  const { UPSTREAM_TIMEOUT_MS: timeoutMs, UPLOAD_BODY_LIMIT_BYTES } = options.settings;
  instance.setErrorHandler((error, request, reply) => {
    // Fastify closes the connection after any body error, which can cut the answer short while
    // the client is still sending. A body over the limit is still well framed: Node reads and
    // drops the rest (within REQUEST_TIMEOUT_MS) and the connection serves the next request.
    if ((error as { code?: unknown }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      reply.removeHeader('connection');
    }
    sendError(error, request, reply);
  });
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  await instance.register(replyFrom, {
    undici: {
      connections: UPSTREAM_CONNECTIONS,
      pipelining: 1,
      keepAliveTimeout: UPSTREAM_KEEP_ALIVE_MS,
      connectTimeout: Math.min(UPSTREAM_CONNECT_TIMEOUT_MS, timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    },
    disableRequestLogging: true,
  });
  instance.addHook('onRequest', async (request) => {
    const refusal = earlyRefusal(request);
    if (refusal) throw refusal;
  });

  const forwarders = new Map(
    options.services.map((service) => [service, forwarderTo(service, timeoutMs)]),
  );
  for (const route of describedRoutes(options.description, options.services)) {
    instance.route({
      method: route.method,
      url: route.url,
      config: { credentialRequired: route.credentialRequired },
      ...((route.bodyLimit !== undefined || route.upload) && {
        bodyLimit: route.bodyLimit ?? UPLOAD_BODY_LIMIT_BYTES,
      }),
      handler: forwarders.get(route.service)!,
    });
  }
  // Paths no operation describes still reach their service, which answers them (404 mostly).
  for (const service of options.services) {
    for (const url of service.routes) {
      const method = instance.supportedMethods.filter(
        (each) => !instance.hasRoute({ method: each, url }),
      );
      if (method.length === 0) continue;
      instance.route({
        method,
        url,
        config: { credentialRequired: false },
        handler: forwarders.get(service)!,
      });
    }
  }
}
