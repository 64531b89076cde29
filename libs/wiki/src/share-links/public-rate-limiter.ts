import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MinuteRateLimiter, QueueRegistry, type RateDecision } from '@cw/queue';
import { PublicLinksConfig } from './public-links.config';

/**
 * The per-client budget of the public share-link routes, shared by every replica in Redis
 * (`<queue prefix>:wiki:public-links:<client>:<minute>`). It fails open: public reads stay up
 * when Redis is down, and the limit is a guard against scraping, not the access control (the
 * token is).
 */
@Injectable()
export class PublicRateLimiter implements OnModuleInit {
  private readonly logger = new Logger(PublicRateLimiter.name);
  private readonly limiter: MinuteRateLimiter;

  constructor(
    private readonly queues: QueueRegistry,
    private readonly config: PublicLinksConfig,
  ) {
    this.limiter = new MinuteRateLimiter(queues, {
      scope: 'wiki:public-links',
      subject: 'public link',
    });
  }

  /** Opens the shared connection at start-up, so the first requests find it ready. */
  onModuleInit(): void {
    const { status } = this.queues.redis;
    this.logger.debug(`public link counters in Redis, connection ${status}`);
  }

  hit(client: string, now = Date.now()): Promise<RateDecision> {
    return this.limiter.hit(client, this.config.PUBLIC_LINKS_PER_MINUTE, now);
  }
}
