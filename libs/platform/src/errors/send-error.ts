import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './error-envelope';
import { translateError } from './translate-error';

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const translated = translateError(error);
  if (translated.unexpected) {
    request.log.error({ err: error }, 'request failed');
  } else if (translated.status >= 500) {
    request.log.warn({ code: translated.code }, translated.message);
  }
  if (reply.sent) return;
  void reply
    .status(translated.status)
    .headers(translated.headers)
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorEnvelope(translated.code, translated.message, request.id, translated.details));
}
