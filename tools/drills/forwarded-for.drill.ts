import { randomInt } from 'node:crypto';
import { call, createApiKey, createTestPage } from '@cw/testing';
import Redis from 'ioredis';
import { expectThat, type Drill } from './drill';

const READS = 3;

/** The public-link counters (`<prefix>:wiki:public-links:<client>:<minute>`) of one client. */
async function countersOf(redis: Redis, client: string): Promise<number> {
  let total = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(
      cursor,
      'MATCH',
      `*:wiki:public-links:${client}:*`,
      'COUNT',
      1000,
    );
    cursor = next;
    for (const key of keys) total += Number(await redis.get(key));
  } while (cursor !== '0');
  return total;
}

export const forwardedForDrill: Drill = {
  name: 'forwarded-for',
  finding:
    'A client sending X-Forwarded-For from loopback gets a fresh public-link rate-limit bucket: the gateway appends to the header and the service trusts private hops.',
  async run(drills) {
    const gateway = drills.gatewayUrl;
    const person = await drills.signIn();
    const token = await createApiKey(gateway, person.cookie, ['wiki:write']);
    const { page } = await createTestPage(gateway, { token }, { title: 'Shared', markdown: 'x' });
    const link = await call<{ url: string }>(
      gateway,
      'POST',
      `/api/wiki/pages/${page.public_id}/share-links`,
      { cookie: person.cookie },
    );
    const spoofed = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const redis = new Redis(drills.stack.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      const before = await countersOf(redis, '127.0.0.1');
      const statuses: number[] = [];
      for (let read = 0; read < READS; read += 1) {
        const result = await call(gateway, 'GET', link.body.url, {
          headers: { 'x-forwarded-for': spoofed, 'x-forwarded-proto': 'https' },
        });
        statuses.push(result.status);
      }
      const spoofedCount = await countersOf(redis, spoofed);
      const after = await countersOf(redis, '127.0.0.1');
      expectThat(
        statuses.every((status) => status === 200),
        `the public reads answered ${statuses.join(', ')}`,
      );
      expectThat(
        spoofedCount === 0,
        `the wiki-service counted ${spoofedCount} reads against ${spoofed}, the address the client claimed`,
      );
      return [
        `${READS} public-link reads sent from 127.0.0.1 with X-Forwarded-For: ${spoofed}`,
        `the wiki-service's rate-limit counter for ${spoofed}: ${spoofedCount}; for 127.0.0.1: ${before} → ${after} (a new minute may have restarted it)`,
        'the gateway overwrote X-Forwarded-For with the peer it saw (TRUSTED_PROXIES empty: it believes no client)',
      ];
    } finally {
      redis.disconnect();
    }
  },
};
