import { readFileSync } from 'node:fs';
import Redis from 'ioredis';

/**
 * Removes every key under a bench's queue prefix once its processes are stopped (each run has
 * a prefix of its own; without this, every run left its queues' jobs in the local Redis).
 */
export async function dropQueueKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  let removed = 0;
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 1000 })) {
      const batch = keys as string[];
      if (batch.length > 0) removed += await redis.unlink(...batch);
    }
  } finally {
    redis.disconnect();
  }
  return removed;
}

/**
 * The pid of the Redis server at `redisUrl` when it runs on this machine (its `INFO server`
 * names a process whose command line is `redis-server`), so that a bench can count its CPU;
 * undefined for a server elsewhere.
 */
export async function localRedisPid(redisUrl: string): Promise<number | undefined> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const pid = Number(/^process_id:(\d+)/m.exec(await redis.info('server'))?.[1]);
    if (!Number.isInteger(pid)) return undefined;
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return command.startsWith('redis-server') || command.includes('/redis-server')
      ? pid
      : undefined;
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}
