import type { QueueRegistry } from '@cw/queue';
import { PublicLinksConfig } from './public-links.config';
import { PublicRateLimiter } from './public-rate-limiter';

type Exec = () => Promise<[Error | null, unknown][] | null>;

function limiterWith(status: string, exec: Exec, limit = 3): PublicRateLimiter {
  const multi = { incr: () => multi, expire: () => multi, exec };
  const registry = { redis: { status, multi: () => multi } } as unknown as QueueRegistry;
  return new PublicRateLimiter(
    registry,
    Object.assign(new PublicLinksConfig(), { PUBLIC_LINKS_PER_MINUTE: limit }),
  );
}

describe('PublicRateLimiter', () => {
  const at = Date.UTC(2026, 0, 1, 12, 0, 45, 500);

  it('allows up to the limit and refuses beyond it, with the seconds left in the minute', async () => {
    let count = 0;
    const limiter = limiterWith('ready', async () => [
      [null, ++count],
      [null, 1],
    ]);
    const decisions = [];
    for (let i = 0; i < 4; i += 1) decisions.push(await limiter.hit('203.0.113.1', at));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]).toMatchObject({ limit: 3, count: 4, retryAfterSeconds: 15 });
  });

  it('fails open when Redis is not connected, without sending anything', async () => {
    const exec = jest.fn<ReturnType<Exec>, []>();
    const decision = await limiterWith('reconnecting', exec).hit('203.0.113.1', at);
    expect(decision).toMatchObject({ allowed: true, count: null });
    expect(exec).not.toHaveBeenCalled();
  });

  it('fails open when Redis errs or does not answer in time', async () => {
    const failing = limiterWith('ready', () => Promise.reject(new Error('READONLY')));
    expect(await failing.hit('x', at)).toMatchObject({ allowed: true, count: null });
    const silent = limiterWith('ready', () => new Promise(() => undefined));
    const started = Date.now();
    expect(await silent.hit('x', at)).toMatchObject({ allowed: true, count: null });
    expect(Date.now() - started).toBeLessThan(2000);
    const erred = limiterWith('ready', async () => [[new Error('WRONGTYPE'), null]]);
    expect(await erred.hit('x', at)).toMatchObject({ allowed: true, count: null });
  });
});
