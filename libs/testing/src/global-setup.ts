import { join } from 'node:path';
// Jest loads global setup outside its module mapper, so the aliases are not available here.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { runMigrations } from '../../db/src/run-migrations';
import { Client } from 'pg';
import { ensureLocalStack } from '../../../tools/local-stack/local-stack';
import { databaseUrlFor, TEST_STACK_ENV, type TestStack, templateNameFor } from './test-stack';

const REPO_ROOT = join(__dirname, '../../..');

async function ensureTemplate(adminUrl: string, template: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One setup at a time per cluster, so parallel `npm test` runs never race on the template.
    await admin.query('SELECT pg_advisory_lock(72317002)');
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (rowCount === 0) {
      const building = `${template}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      await runMigrations(databaseUrlFor(adminUrl, building));
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(72317002)').catch(() => undefined);
    await admin.end();
  }
}

export default async function globalSetup(): Promise<void> {
  if (process.env[TEST_STACK_ENV]) return;
  let adminDatabaseUrl = process.env.TEST_DATABASE_URL;
  let redisUrl = process.env.TEST_REDIS_URL;
  if (!adminDatabaseUrl || !redisUrl) {
    const stack = await ensureLocalStack();
    adminDatabaseUrl = stack.databaseUrl;
    redisUrl = stack.redisUrl;
  }
  const templateDatabase = templateNameFor(REPO_ROOT);
  await ensureTemplate(adminDatabaseUrl, templateDatabase);
  const stack: TestStack = { adminDatabaseUrl, templateDatabase, redisUrl };
  process.env[TEST_STACK_ENV] = JSON.stringify(stack);
}
