import { Pool } from 'pg';
import { seededPerson } from '@cw/identity/testing';
import { type BenchActor, findSeed, mintKeys } from './bench-fixtures';
import {
  type BenchDatabase,
  benchServers,
  type BenchServers,
  prepareBenchDatabase,
} from './bench-database';
import { type BenchOptions, readBenchOptions } from './bench-options';
import { dropQueueKeys } from './bench-redis';
import { serviceEnv, startTimedSystem, type TimedSystem } from './bench-system';
import { type BenchReport, checksTable, printReport, say } from './report';
import { DEFAULT_SEED, seedWiki, type SeedResult } from './seed-wiki';

/** Editors of benchmark F; person 1 of company 1 is also the reader of A, D and E. */
export const EDITORS = 16;

export interface BenchData {
  options: BenchOptions;
  servers: BenchServers;
  database: BenchDatabase;
  /** A pool of the bench itself (fixtures, EXPLAIN, the raw UPDATE loop). */
  pool: Pool;
  tag: string;
  pages: number;
  /** Set when this run seeded the database. */
  seeded: SeedResult | null;
}

export interface BenchContext extends BenchData {
  timed: TimedSystem;
  /** Person 1..EDITORS of company 1; [0] reads. */
  actors: BenchActor[];
  /** Their API keys (wiki:read and wiki:write), same order. */
  keys: string[];
}

/** Migrated database with a seed: a fresh one, or `--reuse` (seeded once, kept). */
export async function prepareData(options: BenchOptions): Promise<BenchData> {
  const servers = await benchServers();
  const database = await prepareBenchDatabase(servers, options.reuse);
  say(`database ${database.name}${database.created ? ' (new)' : ' (reused)'}`);
  const pool = new Pool({ connectionString: database.url, max: EDITORS + 4 });
  // pool.end() resolves before its connections are gone; dropping the database then ends them.
  pool.on('error', (error) => say(`bench pool: ${error.message}`));
  try {
    const existing = await findSeed(pool);
    if (existing) {
      say(`using seed ${existing.tag}: ${existing.pages} pages`);
      return { options, servers, database, pool, ...existing, seeded: null };
    }
    say(`seeding ${options.pages} pages`);
    const seeded = await seedWiki(database.url, { ...DEFAULT_SEED, pages: options.pages });
    return { options, servers, database, pool, tag: seeded.tag, pages: seeded.pages, seeded };
  } catch (error) {
    await pool.end();
    await database.drop();
    throw error;
  }
}

export async function releaseData(data: BenchData): Promise<void> {
  await data.pool.end();
  if (data.options.keep || !data.database.created || data.options.reuse) {
    say(`database ${data.database.name} kept`);
    return;
  }
  await data.database.drop();
}

/** Starts the six processes (timed) and mints the actors' keys. */
export async function startBench(data: BenchData): Promise<BenchContext> {
  say('starting the six processes');
  const timed = await startTimedSystem(data.database.url, data.servers.redisUrl);
  say(`ready in ${timed.startSeconds.toFixed(2)} s at ${timed.gatewayUrl}`);
  try {
    const actors: BenchActor[] = [];
    for (let person = 1; person <= EDITORS; person += 1)
      actors.push(await seededPerson(data.pool, data.tag, 1, person));
    const keys = await mintKeys(data.database.url, data.servers.redisUrl, actors, [
      'wiki:read',
      'wiki:write',
    ]);
    return { ...data, timed, actors, keys };
  } catch (error) {
    await timed.system.stop();
    throw error;
  }
}

/** Stops the six processes and removes what their queues left in Redis. */
export async function stopBench(context: BenchContext): Promise<void> {
  await context.timed.system.stop();
  await dropQueueKeys(context.servers.redisUrl, serviceEnv().QUEUE_PREFIX);
}

/** Runs benchmarks on one prepared database and one started system, printing each report. */
export async function runWithContext(
  options: BenchOptions,
  benches: ((context: BenchContext) => Promise<BenchReport>)[],
  beforeStart?: (data: BenchData) => Promise<void>,
): Promise<BenchReport[]> {
  const data = await prepareData(options);
  const reports: BenchReport[] = [];
  try {
    await beforeStart?.(data);
    const context = await startBench(data);
    try {
      for (const bench of benches) {
        const report = await bench(context);
        printReport(report);
        reports.push(report);
      }
    } finally {
      await stopBench(context);
    }
  } finally {
    await releaseData(data);
  }
  return reports;
}

/** Entry point of a single benchmark file: exit code 1 when a target is missed. */
export function benchMain(
  bench: (context: BenchContext) => Promise<BenchReport>,
  beforeStart?: (data: BenchData) => Promise<void>,
): void {
  runWithContext(readBenchOptions(), [bench], beforeStart)
    .then((reports) => {
      const checks = reports.flatMap((report) => report.checks);
      process.stdout.write(`\n${checksTable(checks)}\n`);
      process.exit(checks.every((check) => check.pass) ? 0 : 1);
    })
    .catch((error: unknown) => {
      process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(2);
    });
}
