import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { AppError, clientBucketOf, ErrorCode } from '@cw/platform';
import type { FastifyRequest } from 'fastify';
import { PublicRateLimiter } from './public-rate-limiter';

/**
 * Counts every request to a public share-link route, found or not (guessing tokens costs the
 * budget too), before anything else is looked up. `request.ip` honours `X-Forwarded-For` only
 * from loopback and private addresses (`trustProxy`), so the gateway's header is believed and
 * a client's own is not.
 */
@Injectable()
export class PublicRateLimitGuard implements CanActivate {
  constructor(private readonly limiter: PublicRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const decision = await this.limiter.hit(clientBucketOf(request.ip));
    if (decision.allowed) return true;
    throw new AppError(
      ErrorCode.RateLimited,
      `Too many requests to public links from your address: at most ${decision.limit} a minute. Retry after ${decision.retryAfterSeconds} s.`,
      {
        headers: { 'Retry-After': String(decision.retryAfterSeconds) },
        details: {
          limit: decision.limit,
          window_seconds: 60,
          retry_after_seconds: decision.retryAfterSeconds,
        },
      },
    );
  }
}
