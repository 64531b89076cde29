import type { FastifyReply } from 'fastify';

export const SESSION_COOKIE = 'session_token';
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * `Secure` in production, and whenever the request arrived over https: `request.protocol`
 * believes `X-Forwarded-Proto` only from a trusted hop (TRUSTED_PROXIES at the edge).
 */
function secureFor(reply: FastifyReply, production: boolean): boolean {
  return production || reply.request.protocol === 'https';
}

/** An answer that sets or clears a credential is never stored by a cache on the way. */
export function setSessionCookie(reply: FastifyReply, token: string, production: boolean): void {
  void reply.header('Cache-Control', 'no-store');
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureFor(reply, production),
    path: '/',
    maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, production: boolean): void {
  void reply.header('Cache-Control', 'no-store');
  void reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureFor(reply, production),
    path: '/',
  });
}
