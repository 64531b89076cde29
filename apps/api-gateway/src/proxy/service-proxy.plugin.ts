import replyFrom from '@fastify/reply-from';
import { AppError, ErrorCode, sendError, type ServiceDescriptor, serviceUrl } from '@cw/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const KEEP_ALIVE_MS = 60_000;

function forwardedFor(request: FastifyRequest): string {
  const previous = request.headers['x-forwarded-for'];
  const address = request.socket.remoteAddress ?? '';
  return previous ? `${String(previous)}, ${address}` : address;
}

/**
 * Forwards each owned path to its service over keep-alive pools, streaming bodies untouched
 * (a signed raw body must reach its owner byte for byte). Runs in its own encapsulated
 * context so that its catch-all body parser does not affect the gateway's own routes.
 */
export async function serviceProxyPlugin(
  instance: FastifyInstance,
  options: { services: readonly ServiceDescriptor[] },
): Promise<void> {
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  await instance.register(replyFrom, {
    undici: { connections: 256, pipelining: 1, keepAliveTimeout: KEEP_ALIVE_MS },
    disableRequestLogging: true,
  });
  for (const service of options.services) {
    const base = serviceUrl(service);
    const forward = (request: FastifyRequest, reply: FastifyReply): FastifyReply =>
      reply.from(`${base}${request.url}`, {
        rewriteRequestHeaders: (_original, headers) => ({
          ...headers,
          'x-request-id': request.id,
          'x-forwarded-for': forwardedFor(request),
          'x-forwarded-proto': request.protocol,
        }),
        onError: (failedReply, { error }) => {
          request.log.warn({ err: error, service: service.name }, 'upstream unavailable');
          sendError(
            new AppError(
              ErrorCode.ServiceUnavailable,
              `The ${service.name} is not answering; retry shortly.`,
              {
                headers: { 'Retry-After': '1' },
              },
            ),
            request,
            failedReply as unknown as FastifyReply,
          );
        },
      });
    for (const route of service.routes) instance.all(route, forward);
  }
}
