import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { QueueRegistry } from '@cw/queue';
import { PublicLinksConfig } from './public-links.config';

const WINDOW_MS = 60_000;
/** A counter outlives its minute a little, so a replica whose clock lags still finds it. */
const KEY_TTL_SECONDS = 120;
/** Past this, Redis counts as down for this request: the request is served (fail open). */
const REDIS_DEADLINE_MS = 250;
const WARNING_INTERVAL_MS = 30_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Null when Redis could not be asked and the request was let through. */
  count: number | null;
  /** Seconds until the current window ends (at least 1). */
  retryAfterSeconds: number;
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * A fixed one-minute window per client bucket, counted in Redis so that every replica shares
 * one budget: `INCR` and `EXPIRE` in one `MULTI` on the key
 * `<queue prefix>:wiki:public-links:<client>:<minute>`. When Redis is unreachable the request
 * is served and a warning logged (fail open): public reads stay up, and the limit is a guard
 * against scraping, not the access control (the token is).
 */
@Injectable()
export class PublicRateLimiter implements OnModuleInit {
  private readonly logger = new Logger(PublicRateLimiter.name);
  private lastWarningAt = 0;

  constructor(
    private readonly queues: QueueRegistry,
    private readonly config: PublicLinksConfig,
  ) {}

  /** Opens the shared connection at start-up, so the first requests find it ready. */
  onModuleInit(): void {
    const { status } = this.queues.redis;
    this.logger.debug(`public link counters in Redis, connection ${status}`);
  }

  async hit(client: string, now = Date.now()): Promise<RateDecision> {
    const limit = this.config.PUBLIC_LINKS_PER_MINUTE;
    const window = Math.floor(now / WINDOW_MS);
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
    const decision = { limit, retryAfterSeconds };
    const redis = this.queues.redis;
    // ioredis queues commands while disconnected; do not pile them up, serve at once.
    if (redis.status !== 'ready') {
      this.warn(`Redis is ${redis.status}`);
      return { ...decision, allowed: true, count: null };
    }
    const key = `${this.queues.prefix}:wiki:public-links:${client}:${window}`;
    try {
      const results = await withDeadline(
        redis.multi().incr(key).expire(key, KEY_TTL_SECONDS).exec(),
        REDIS_DEADLINE_MS,
      );
      const [error, count] = results?.[0] ?? [new Error('the transaction was discarded'), null];
      if (error) throw error;
      return { ...decision, allowed: Number(count) <= limit, count: Number(count) };
    } catch (error) {
      this.warn((error as Error).message);
      return { ...decision, allowed: true, count: null };
    }
  }

  private warn(reason: string): void {
    const now = Date.now();
    if (now - this.lastWarningAt < WARNING_INTERVAL_MS) return;
    this.lastWarningAt = now;
    this.logger.warn(`public link rate limit not enforced (fail open): ${reason}`);
  }
}
