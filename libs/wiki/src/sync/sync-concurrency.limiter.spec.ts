import { SyncConcurrencyLimiter } from './sync-concurrency.limiter';
import { SyncConfig } from './sync.config';

function limiter(maxInFlight: number, maxQueued: number, waitMs = 1000): SyncConcurrencyLimiter {
  return new SyncConcurrencyLimiter(
    Object.assign(new SyncConfig(), {
      SYNC_MAX_IN_FLIGHT: maxInFlight,
      SYNC_MAX_QUEUED: maxQueued,
      SYNC_QUEUE_WAIT_MS: waitMs,
    }),
  );
}

describe('SyncConcurrencyLimiter', () => {
  it('admits up to the limit, queues a few, refuses the rest with 429 and Retry-After 1', async () => {
    const subject = limiter(2, 1);
    const first = await subject.acquire();
    await subject.acquire();
    const queued = subject.acquire();
    await expect(subject.acquire()).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      headers: { 'Retry-After': '1' },
    });
    expect([subject.running, subject.waiting]).toEqual([2, 1]);
    first();
    first(); // a second release of the same slot changes nothing
    const handedOver = await queued;
    expect([subject.running, subject.waiting]).toEqual([2, 0]);
    handedOver();
    expect(subject.running).toBe(1);
  });

  it('serves waiters first in, first out', async () => {
    const subject = limiter(1, 5);
    const release = await subject.acquire();
    const order: number[] = [];
    const waiters = [1, 2, 3].map((n) =>
      subject.acquire().then((next) => {
        order.push(n);
        next();
      }),
    );
    release();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    expect(subject.running).toBe(0);
  });

  it('gives up on a queued request after the wait and frees its place', async () => {
    const subject = limiter(1, 1, 20);
    const release = await subject.acquire();
    await expect(subject.acquire()).rejects.toMatchObject({ status: 429 });
    expect(subject.waiting).toBe(0);
    release();
    expect(subject.running).toBe(0);
  });
});
