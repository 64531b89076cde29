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
