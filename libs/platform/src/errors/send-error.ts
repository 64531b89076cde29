import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './error-envelope';
import { ERROR_FORMAT_STATUSES, errorFormatOf, refusalPageHtml } from './error-formats';
import { translateError } from './translate-error';

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const translated = translateError(error);
  if (translated.unexpected) {
    request.log.error({ err: error }, 'request failed');
  } else if (translated.status >= 500) {
    request.log.warn({ code: translated.code }, translated.message);
  }
  if (reply.sent) return;
  const format = errorFormatOf(request);
  if (format && ERROR_FORMAT_STATUSES[format].includes(translated.status)) {
    void reply
      .status(translated.status)
      .headers(translated.headers)
      .header('Cache-Control', 'no-store');
    if (format === 'oauth') {
      void reply.header('content-type', 'application/json; charset=utf-8').send({
        error: translated.status === 401 ? 'invalid_client' : 'invalid_request',
        error_description: translated.message,
      });
    } else {
      void reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
        .send(refusalPageHtml(translated.message));
    }
    return;
  }
  void reply
    .status(translated.status)
    .headers(translated.headers)
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorEnvelope(translated.code, translated.message, request.id, translated.details));
}
