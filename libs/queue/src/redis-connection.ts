import Redis, { type RedisOptions } from 'ioredis';

/**
 * BullMQ needs `maxRetriesPerRequest: null` on connections that block; the same settings suit
 * the publisher and subscriber connections, which reconnect on their own after Redis returns.
 */
export function createRedisConnection(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    lazyConnect: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    ...options,
  });
}
