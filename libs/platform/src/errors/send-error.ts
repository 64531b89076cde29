import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { errorEnvelope } from './error-envelope';
import { escapeHtml, htmlPage, setHtmlPageHeaders } from '../http/html-page';
import { errorFormatOf, oauthErrorCodeOf, takesErrorFormat } from './error-formats';
import { translateError } from './translate-error';

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const translated = translateError(error);
  if (translated.unexpected) {
    request.log.error({ err: error }, 'request failed');
  } else if (translated.status >= 500) {
    // AppError's `cause` option is a string meant for this line; other causes may be anything.
    const cause = error instanceof AppError ? error.cause : undefined;
    request.log.warn(
      { code: translated.code, ...(cause !== undefined && { cause }) },
      translated.message,
    );
  }
  if (reply.sent) return;
  const format = errorFormatOf(request);
  if (format && takesErrorFormat(format, translated.status)) {
    void reply.status(translated.status).headers(translated.headers);
    if (format === 'oauth') {
      void reply
        .header('Cache-Control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .send({
          error: oauthErrorCodeOf(translated.status),
          error_description: translated.message,
        });
    } else {
      setHtmlPageHeaders(reply);
      void reply.send(htmlPage('Request refused', `<p>${escapeHtml(translated.message)}</p>`));
    }
    return;
  }
  void reply
    .status(translated.status)
    .headers(translated.headers)
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorEnvelope(translated.code, translated.message, request.id, translated.details));
}
