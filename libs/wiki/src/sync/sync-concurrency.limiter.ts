import { Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@cw/platform';
import { SyncConfig } from './sync.config';

export type Release = () => void;

interface Waiter {
  grant: (release: Release) => void;
  timer: NodeJS.Timeout;
}

function busy(reason: string): AppError {
  return new AppError(
    ErrorCode.RateLimited,
    `The sync service is busy (${reason}); retry after 1 s.`,
    { headers: { 'Retry-After': '1' }, details: { retry_after_seconds: 1 } },
  );
}

/**
 * Admits at most `SYNC_MAX_IN_FLIGHT` sync requests at once in this process, lets up to
 * `SYNC_MAX_QUEUED` wait (first in, first out) for at most `SYNC_QUEUE_WAIT_MS`, and refuses
 * the rest at once with 429 and `Retry-After: 1`, so that a burst of desktop clients backs off
 * instead of slowing every request down.
 */
@Injectable()
export class SyncConcurrencyLimiter {
  private inFlight = 0;
  private readonly queue: Waiter[] = [];

  constructor(private readonly config: SyncConfig) {}

  get running(): number {
    return this.inFlight;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves with the release of a slot, or rejects with the 429 to answer. */
  acquire(): Promise<Release> {
    if (this.inFlight < this.config.SYNC_MAX_IN_FLIGHT) {
      this.inFlight += 1;
      return Promise.resolve(this.releaseOnce());
    }
    if (this.queue.length >= this.config.SYNC_MAX_QUEUED) {
      return Promise.reject(busy('too many requests in progress'));
    }
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          const index = this.queue.indexOf(waiter);
          if (index >= 0) this.queue.splice(index, 1);
          reject(busy('no slot became free in time'));
        }, this.config.SYNC_QUEUE_WAIT_MS),
      };
      waiter.timer.unref();
      this.queue.push(waiter);
    });
  }

  private releaseOnce(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (!next) {
        this.inFlight -= 1;
        return;
      }
      // The slot passes straight to the next waiter: the in-flight count stays the same.
      clearTimeout(next.timer);
      next.grant(this.releaseOnce());
    };
  }
}
