import { ApiKeyService } from '@cw/identity';
import { findLatestSeed, type SeededPerson } from '@cw/identity/testing';
import { countPages } from '@cw/wiki/testing';
import type { Pool } from 'pg';
import { withAdminContext } from '../admin/admin-context';

/** A seeded person the benchmarks act as (seededPerson of the identity testing entry point). */
export type BenchActor = SeededPerson;

export const BENCH_KEY_NAME = 'bench';

/** The tag of the newest bench seed in the database and its page count, or null. */
export async function findSeed(pool: Pool): Promise<{ tag: string; pages: number } | null> {
  const seed = await findLatestSeed(pool);
  if (!seed) return null;
  return { tag: seed.tag, pages: await countPages(pool, seed.companyIds) };
}

/**
 * Mints an API key per actor through the identity lib (ApiKeyService), after revoking the keys
 * earlier bench runs left on a reused database (a person holds at most 25 live keys).
 */
export async function mintKeys(
  databaseUrl: string,
  redisUrl: string,
  actors: readonly BenchActor[],
  scopes: string[],
): Promise<string[]> {
  process.env.DATABASE_URL = databaseUrl;
  process.env.REDIS_URL = redisUrl;
  process.env.QUEUE_PREFIX ??= `cwbench-${process.pid}`;
  process.env.LOG_LEVEL ??= 'warn';
  return withAdminContext(async (context) => {
    const keys = context.get(ApiKeyService);
    const tokens: string[] = [];
    for (const actor of actors) {
      for (const earlier of await keys.list(actor)) {
        if (earlier.name === BENCH_KEY_NAME) await keys.revoke(actor, earlier.id);
      }
      const key = await keys.create(actor, BENCH_KEY_NAME, scopes);
      tokens.push(key.token);
    }
    return tokens;
  });
}
