import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { databaseUrlFor, testStack } from './test-stack';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testStack().adminDatabaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, fully migrated database of its own for one test file: runs never collide. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminDatabaseUrl, templateDatabase } = testStack();
  const name = `cw_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase}`));
  return {
    name,
    url: databaseUrlFor(adminDatabaseUrl, name),
    drop: () =>
      withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
