import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@cw/identity/credentials';

export type PresentedToken =
  { via: 'bearer'; token: string } | { via: 'cookie'; token: string } | { via: 'malformed' } | null;

/** A bearer header wins over the cookie; a header that is present but not `Bearer x` is malformed. */
export function presentedToken(request: FastifyRequest): PresentedToken {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? { via: 'bearer', token: match[1] } : { via: 'malformed' };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { via: 'cookie', token: cookie } : null;
}
