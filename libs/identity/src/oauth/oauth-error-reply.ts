import { OAuthError, ServerError } from '@node-oauth/oauth2-server';
import type { FastifyReply } from 'fastify';

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

/**
 * A failure of the library's flows: its own OAuth errors as they are; anything else (which the
 * library wraps as a server error) goes on to the platform's error handler, which answers an
 * OAuth endpoint's failures in the OAuth format too.
 */
export function sendOAuthFailure(reply: FastifyReply, failure: unknown): FastifyReply {
  if (failure instanceof OAuthError && !(failure instanceof ServerError)) {
    return sendOAuthError(reply, failure.code, failure.name, failure.message);
  }
  throw (failure as { inner?: unknown }).inner ?? failure;
}
