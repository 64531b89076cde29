import Redis, { type RedisOptions } from 'ioredis';
import { logRedisErrors } from './redis-error-log';

/**
 * BullMQ needs `maxRetriesPerRequest: null` on connections that block; the same settings suit
 * the publisher and subscriber connections, which reconnect on their own after Redis returns.
 * Errors are logged, rate-limited, under `connectionName` (also what Redis' CLIENT LIST shows),
 * and so is the connection's recovery.
 */
export function createRedisConnection(url: string, options: RedisOptions = {}): Redis {
  const connection = new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    lazyConnect: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    ...options,
  });
  const errors = logRedisErrors(
    connection,
    `redis connection "${options.connectionName ?? 'unnamed'}"`,
  );
  connection.on('ready', () => errors.recovered());
  return connection;
}
