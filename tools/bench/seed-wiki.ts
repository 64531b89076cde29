import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { runMigrations } from '@cw/db';
import { BulkIdentitySeeder } from '@cw/identity/testing';
import { BulkWikiSeeder } from '@cw/wiki/testing';
import { Client } from 'pg';
import { FIRST_NAMES, LAST_NAMES, TEAM_NAMES, WORDS } from './seed-words';

export interface SeedOptions {
  pages: number;
  companies: number;
  peoplePerCompany: number;
  teamsPerCompany: number;
  /** Names, emails and ids of this seed derive from it; a new one makes a second seed coexist. */
  tag?: string;
  log?: (line: string) => void;
}

export interface SeedResult {
  tag: string;
  companies: number;
  people: number;
  teams: number;
  pages: number;
  versions: number;
  seconds: number;
  steps: { step: string; seconds: number }[];
}

export const DEFAULT_SEED: Omit<SeedOptions, 'pages'> = {
  companies: 20,
  peoplePerCompany: 50,
  teamsPerCompany: 5,
};

/**
 * Fills a migrated database with companies, people, teams (the identity seeder) and wiki pages,
 * each with its first version (the wiki seeder), in one transaction of set-based statements,
 * then VACUUM ANALYZE. A second seed with another tag adds to the first.
 */
export async function seedWiki(databaseUrl: string, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? ((line: string) => process.stderr.write(`seed: ${line}\n`));
  const tag = options.tag ?? randomBytes(3).toString('hex');
  if (!/^[a-z0-9]{1,16}$/.test(tag)) throw new Error('a seed tag is 1-16 of [a-z0-9]');
  const started = Date.now();
  const steps: SeedResult['steps'] = [];
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const at = Date.now();
    const result = await work();
    const seconds = (Date.now() - at) / 1000;
    steps.push({ step: name, seconds });
    log(`${name}: ${seconds.toFixed(1)} s`);
    return result;
  };
  const identitySeeder = new BulkIdentitySeeder({
    tag,
    companies: options.companies,
    peoplePerCompany: options.peoplePerCompany,
    teamsPerCompany: options.teamsPerCompany,
    names: { first: FIRST_NAMES, last: LAST_NAMES, teams: TEAM_NAMES },
  });
  const wikiSeeder = new BulkWikiSeeder(identitySeeder, { pages: options.pages, words: WORDS });
  let written: { pages: number; versions: number };
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL synchronous_commit = off`);
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    await identitySeeder.insert(client, step);
    written = await wikiSeeder.insert(client, step);
    await step('commit', () => client.query('COMMIT'));
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
    throw error;
  }
  try {
    await step('vacuum analyze', async () => {
      await identitySeeder.analyze(client);
      await wikiSeeder.analyze(client);
    });
  } finally {
    await client.end();
  }
  return {
    tag,
    companies: options.companies,
    people: options.companies * options.peoplePerCompany,
    teams: options.companies * options.teamsPerCompany,
    pages: written.pages,
    versions: written.versions,
    seconds: (Date.now() - started) / 1000,
    steps,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '100000' },
      companies: { type: 'string', default: String(DEFAULT_SEED.companies) },
      people: { type: 'string', default: String(DEFAULT_SEED.peoplePerCompany) },
      teams: { type: 'string', default: String(DEFAULT_SEED.teamsPerCompany) },
      tag: { type: 'string' },
    },
    strict: true,
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Set DATABASE_URL to the database to seed.');
  const count = (name: string, value: string): number => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} is a positive integer`);
    return parsed;
  };
  const applied = await runMigrations(databaseUrl);
  if (applied.length > 0) process.stderr.write(`seed: migrations applied: ${applied.join(', ')}\n`);
  const result = await seedWiki(databaseUrl, {
    pages: count('pages', values.pages),
    companies: count('companies', values.companies),
    peoplePerCompany: count('people', values.people),
    teamsPerCompany: count('teams', values.teams),
    tag: values.tag,
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`seed failed: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
