import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { databaseUrlFor, TEST_STACK_ENV, type TestStack, templateNameFor } from './test-stack';

// Jest loads global setup outside its module mapper, so this file reaches the build, the local
// stack and the migrations through their compiled command-line entry points instead.
const REPO_ROOT = join(__dirname, '../../..');
const node = (script: string, args: string[] = [], env: NodeJS.ProcessEnv = process.env): string =>
  execFileSync(process.execPath, [join(REPO_ROOT, script), ...args], { env, encoding: 'utf8' });

function localStackUrls(): { databaseUrl: string; redisUrl: string } {
  const lines = node('dist/tools/local-stack/local-stack-cli.js', ['up']).split('\n');
  const value = (name: string): string => {
    const line = lines.find((each) => each.startsWith(`${name}=`));
    if (!line) throw new Error(`the local stack did not report ${name}`);
    return line.slice(name.length + 1);
  };
  return { databaseUrl: value('DATABASE_URL'), redisUrl: value('REDIS_URL') };
}

async function ensureTemplate(adminUrl: string, template: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One setup at a time per cluster, so parallel `npm test` runs never race on the template.
    await admin.query('SELECT pg_advisory_lock(72317002)');
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      template,
    ]);
    if (rowCount === 0) {
      const building = `${template}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      node('dist/tools/migrations/run-migrations.js', [], {
        ...process.env,
        DATABASE_URL: databaseUrlFor(adminUrl, building),
      });
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(72317002)').catch(() => undefined);
    await admin.end();
  }
}

export default async function globalSetup(): Promise<void> {
  if (process.env[TEST_STACK_ENV]) return;
  node('tools/build/build.mjs', ['--quiet']);
  let adminDatabaseUrl = process.env.TEST_DATABASE_URL;
  let redisUrl = process.env.TEST_REDIS_URL;
  if (!adminDatabaseUrl || !redisUrl) {
    ({ databaseUrl: adminDatabaseUrl, redisUrl } = localStackUrls());
  }
  const templateDatabase = templateNameFor(REPO_ROOT);
  await ensureTemplate(adminDatabaseUrl, templateDatabase);
  const stack: TestStack = { adminDatabaseUrl, templateDatabase, redisUrl };
  process.env[TEST_STACK_ENV] = JSON.stringify(stack);
}
