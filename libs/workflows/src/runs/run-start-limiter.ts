import { Injectable } from '@nestjs/common';
import { QueueRegistry } from '@cw/queue';
import { WorkflowsConfig } from '../workflows.config';

const HOUR_MS = 3_600_000;
/** A counter outlives its hour a little, so a replica whose clock lags still finds it. */
const KEY_TTL_SECONDS = 3_900;

/** A start counted against its workflow's hour, to give back if the start does not happen. */
export interface StartSlot {
  key: string;
}

export type StartDecision =
  { allowed: true; slot: StartSlot } | { allowed: false; retryAfterSeconds: number };

/**
 * The per-workflow hourly start limit, counted in Redis so that every replica shares it: a fixed
 * window per workflow and hour on `<queue prefix>:workflows:run-starts:<workflow>:<hour>`.
 * Refused and undone starts are given back, so only new runs count.
 */
@Injectable()
export class RunStartLimiter {
  constructor(
    private readonly queues: QueueRegistry,
    private readonly config: WorkflowsConfig,
  ) {}

  async take(workflowId: string, now = Date.now()): Promise<StartDecision> {
    const hour = Math.floor(now / HOUR_MS);
    const key = `${this.queues.prefix}:workflows:run-starts:${workflowId}:${hour}`;
    const results = await this.queues.redis.multi().incr(key).expire(key, KEY_TTL_SECONDS).exec();
    const [error, count] = results?.[0] ?? [new Error('the Redis transaction was discarded'), 0];
    if (error) throw error;
    if (Number(count) <= this.config.RUNS_HOURLY_START_LIMIT) {
      return { allowed: true, slot: { key } };
    }
    await this.giveBack({ key });
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil(((hour + 1) * HOUR_MS - now) / 1000)),
    };
  }

  async giveBack(slot: StartSlot): Promise<void> {
    await this.queues.redis.decr(slot.key);
  }
}
