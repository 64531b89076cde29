import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by the global setup, read by every test file: where the test databases live. */
export interface TestStack {
  adminDatabaseUrl: string;
  templateDatabase: string;
  redisUrl: string;
}

export const TEST_STACK_ENV = 'CW_TEST_STACK';

export function testStack(): TestStack {
  const raw = process.env[TEST_STACK_ENV];
  if (!raw)
    throw new Error(
      'The test stack is not set up: run through `npm test` or jest with globalSetup.',
    );
  return JSON.parse(raw) as TestStack;
}

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The template is keyed by the migration sources, so a changed migration gets a fresh one. */
export function templateNameFor(repoRoot: string): string {
  const index = readFileSync(join(repoRoot, 'libs/db/src/migrations/index.ts'), 'utf8');
  return `cw_template_${createHash('sha256').update(index).digest('hex').slice(0, 12)}`;
}
