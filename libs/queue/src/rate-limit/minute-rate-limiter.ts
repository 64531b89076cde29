import { Logger } from '@nestjs/common';
import { withinDeadline } from '@cw/platform';
import type { QueueRegistry } from '../queue.registry';

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

export interface MinuteRateLimiterOptions {
  /** The counters' key segment, e.g. `wiki:public-links`. */
  scope: string;
  /** What is limited, for the fail-open warning, e.g. `public link`. */
  subject: string;
}

/**
 * A fixed one-minute window per client bucket, counted in Redis so that every replica shares
 * one budget: `INCR` and `EXPIRE` in one `MULTI` on the key
 * `<queue prefix>:<scope>:<client>:<minute>`. `INCR` is atomic, so parallel requests from one
 * client never get past the limit together. When Redis is unreachable the request is served
 * and a warning logged (fail open): the limit guards against abuse, it is not access control.
 */
export class MinuteRateLimiter {
  private readonly logger = new Logger(MinuteRateLimiter.name);
  private lastWarningAt = 0;

  constructor(
    private readonly queues: QueueRegistry,
    private readonly options: MinuteRateLimiterOptions,
  ) {}

  async hit(client: string, limit: number, now = Date.now()): Promise<RateDecision> {
    const window = Math.floor(now / WINDOW_MS);
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
    const decision = { limit, retryAfterSeconds };
    const redis = this.queues.redis;
    // ioredis queues commands while disconnected; do not pile them up, serve at once.
    if (redis.status !== 'ready') {
      this.warn(`Redis is ${redis.status}`);
      return { ...decision, allowed: true, count: null };
    }
    const key = `${this.queues.prefix}:${this.options.scope}:${client}:${window}`;
    try {
      const results = await withinDeadline(
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
    this.logger.warn(`${this.options.subject} rate limit not enforced (fail open): ${reason}`);
  }
}
