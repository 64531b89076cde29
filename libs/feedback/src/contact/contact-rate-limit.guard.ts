import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { AppError, clientBucketOf, ErrorCode } from '@cw/platform';
import { MinuteRateLimiter, QueueRegistry } from '@cw/queue';
import type { FastifyRequest } from 'fastify';
import { ContactConfig } from './contact.config';

/**
 * Counts every submission from a client address before the body is even validated: refused,
 * failed and accepted ones alike, so probing and resending cost the same budget as sending.
 * `request.ip` honours `X-Forwarded-For` only from a trusted hop (TRUSTED_PROXIES at the edge,
 * the gateway behind it). Fails open when Redis is down, as the share links do.
 */
@Injectable()
export class ContactRateLimitGuard implements CanActivate {
  private readonly limiter: MinuteRateLimiter;

  constructor(
    queues: QueueRegistry,
    private readonly config: ContactConfig,
  ) {
    this.limiter = new MinuteRateLimiter(queues, {
      scope: 'feedback:contact',
      subject: 'contact form',
    });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const limit = this.config.CONTACT_RATE_PER_MINUTE;
    const decision = await this.limiter.hit(clientBucketOf(request.ip), limit);
    if (decision.allowed) return true;
    throw new AppError(
      ErrorCode.RateLimited,
      `Too many contact messages from your address: at most ${limit} a minute. Nothing was sent; retry after ${decision.retryAfterSeconds} s.`,
      {
        headers: { 'Retry-After': String(decision.retryAfterSeconds) },
        details: {
          limit,
          window_seconds: 60,
          retry_after_seconds: decision.retryAfterSeconds,
        },
      },
    );
  }
}
