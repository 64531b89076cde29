import { Logger } from '@nestjs/common';
import { OAuthError, ServerError } from '@node-oauth/oauth2-server';
import type { FastifyReply } from 'fastify';

const logger = new Logger('OAuth');

/** RFC 6749 5.2: `{error, error_description}`, never cached. */
export function sendOAuthError(
  reply: FastifyReply,
  status: number,
  error: string,
  description: string,
): FastifyReply {
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .send({ error, error_description: description });
}

/** A failure of the library's flows: its own OAuth errors as they are, anything else as 500. */
export function sendOAuthFailure(reply: FastifyReply, failure: unknown): FastifyReply {
  if (failure instanceof OAuthError && !(failure instanceof ServerError)) {
    return sendOAuthError(reply, failure.code, failure.name, failure.message);
  }
  logger.error((failure as { inner?: unknown }).inner ?? failure);
  return sendOAuthError(
    reply,
    500,
    'server_error',
    'The server failed; the request may or may not have taken effect.',
  );
}
