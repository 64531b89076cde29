import { presentedToken } from '@cw/auth';
import { AppError, ErrorCode } from '@cw/platform';
import type { FastifyRequest } from 'fastify';
import { urlRefusal } from './request-url';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A proxied route whose policy is `person` (see `edge-routes.ts`). */
    credentialRequired?: boolean;
  }
}

function credentialRefusal(request: FastifyRequest): AppError | undefined {
  if (!request.routeOptions.config.credentialRequired) return undefined;
  const presented = presentedToken(request);
  if (!presented) return AppError.authRequired();
  if (presented.via === 'malformed') {
    return AppError.authRequired('Send the header as `Authorization: Bearer <token>`.');
  }
  return undefined;
}

function sizeRefusal(request: FastifyRequest): AppError | undefined {
  const limit = request.routeOptions.bodyLimit;
  if (limit === undefined || !(Number(request.headers['content-length']) > limit)) return undefined;
  return new AppError(
    ErrorCode.PayloadTooLarge,
    'The request body is larger than this route accepts.',
    {
      details: { limit_bytes: limit },
    },
  );
}

/**
 * What the gateway refuses from the headers alone, before it reads (or asks for) any body: a
 * URL it must not forward, a route that needs a credential without one (its policy in the
 * services' description), a declared length over the route's limit. Only the presence of a
 * credential is checked here; the service checks the credential itself.
 */
export function earlyRefusal(request: FastifyRequest): AppError | undefined {
  return urlRefusal(request.url) ?? credentialRefusal(request) ?? sizeRefusal(request);
}
