import { Logger } from '@nestjs/common';

/** During an outage a connection fails every reconnect attempt: one line per source this often. */
export const REDIS_ERROR_LOG_INTERVAL_MS = 30_000;

/** What logs a Redis error: a connection, a BullMQ queue or worker. */
export interface RedisErrorSource {
  on(event: 'error', listener: (error: Error) => void): unknown;
}

interface LogSink {
  warn(message: string): void;
  log(message: string): void;
}

/**
 * One source's errors as log lines: the first at once, then at most one per interval, saying
 * how many were left out, and one line when the source works again.
 */
export class RedisErrorLog {
  private lastLineAt = Number.NEGATIVE_INFINITY;
  private leftOut = 0;
  private failing = false;

  constructor(
    private readonly source: string,
    private readonly sink: LogSink = new Logger('Redis'),
    private readonly now: () => number = Date.now,
  ) {}

  error(error: Error): void {
    this.failing = true;
    const now = this.now();
    if (now - this.lastLineAt < REDIS_ERROR_LOG_INTERVAL_MS) {
      this.leftOut += 1;
      return;
    }
    this.sink.warn(`${this.source}: ${error.message}${this.leftOutNote()}`);
    this.lastLineAt = now;
    this.leftOut = 0;
  }

  recovered(): void {
    if (!this.failing) return;
    this.failing = false;
    this.sink.log(`${this.source}: working again${this.leftOutNote()}`);
    this.lastLineAt = Number.NEGATIVE_INFINITY;
    this.leftOut = 0;
  }

  private leftOutNote(): string {
    return this.leftOut > 0 ? ` (${this.leftOut} more since the last line)` : '';
  }
}

/**
 * Gives a Redis connection, queue or worker its `error` listener: without one, ioredis writes
 * `[ioredis] Unhandled error event` to stderr on every reconnect attempt and BullMQ
 * `console.error`s, neither of them JSON.
 */
export function logRedisErrors(emitter: RedisErrorSource, source: string): RedisErrorLog {
  const log = new RedisErrorLog(source);
  emitter.on('error', (error) => log.error(error));
  return log;
}
