import { randomBytes } from 'node:crypto';
import { runMigrations } from '@cw/db';
import { databaseUrlFor } from '@cw/testing';
import { Client } from 'pg';
import { ensureLocalStack } from '../local-stack/local-stack';

export interface BenchServers {
  /** Any database of the server; bench databases are created next to it. */
  databaseUrl: string;
  redisUrl: string;
}

export interface BenchDatabase {
  name: string;
  url: string;
  /** Whether this run created it (a reused database is never dropped). */
  created: boolean;
  drop(): Promise<void>;
}

/** DATABASE_URL and REDIS_URL when both are set, otherwise the local stack under .data/. */
export async function benchServers(): Promise<BenchServers> {
  const { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } = process.env;
  if (databaseUrl && redisUrl) return { databaseUrl, redisUrl };
  if (databaseUrl || redisUrl)
    throw new Error('Set both DATABASE_URL and REDIS_URL, or neither for the local stack.');
  const stack = await ensureLocalStack({
    log: (line) => process.stderr.write(`local stack: ${line}\n`),
  });
  return { databaseUrl: stack.databaseUrl, redisUrl: stack.redisUrl };
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database for one benchmark run: `reuse` names one that is kept between runs
 * (created when missing), otherwise a fresh `cw_bench_<pid>_<hex>` that `drop()` removes.
 */
export async function prepareBenchDatabase(
  servers: BenchServers,
  reuse?: string,
): Promise<BenchDatabase> {
  const name = reuse ?? `cw_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const adminUrl = databaseUrlFor(servers.databaseUrl, 'postgres');
  const created = await withClient(adminUrl, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    await client.query(`CREATE DATABASE ${name}`);
    return true;
  });
  const url = databaseUrlFor(servers.databaseUrl, name);
  await runMigrations(url);
  return {
    name,
    url,
    created,
    drop: async () => {
      if (reuse) return;
      await withClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
