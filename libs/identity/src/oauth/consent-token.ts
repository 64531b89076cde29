import { createHmac, timingSafeEqual } from 'node:crypto';
import { hashToken } from '../tokens/token-codec';
import type { AuthorizationRequest } from './authorization-request';

/**
 * Binds a consent form to the browser session that was shown it and to the exact request it
 * shows: an HMAC keyed by the session token's hash (known only to this server and derivable
 * only from the cookie). A form forged elsewhere, or altered, cannot carry a matching token.
 */
export function consentTokenFor(sessionToken: string, request: AuthorizationRequest): string {
  return createHmac('sha256', hashToken(sessionToken))
    .update(
      JSON.stringify([
        request.clientId,
        request.redirectUri,
        request.state ?? null,
        request.codeChallenge,
        request.scope ?? null,
        request.resource ?? null,
      ]),
    )
    .digest('base64url');
}

export function consentTokenMatches(
  presented: unknown,
  sessionToken: string,
  request: AuthorizationRequest,
): boolean {
  if (typeof presented !== 'string') return false;
  const expected = Buffer.from(consentTokenFor(sessionToken, request));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
