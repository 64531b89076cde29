import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runMigrations } from '@cw/db';
import { databaseUrlFor } from '@cw/testing';
import { Client } from 'pg';
import { ensureLocalStack } from '../local-stack/local-stack';
import { GENERATED_DIR, committedText, generateDbTypes } from './db-types';

const REPO_ROOT = join(__dirname, '../../..');

async function admin<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * `npm run db:types`: migrates a scratch database to head (on DATABASE_URL's server, or the local
 * stack's), writes the table types of every context schema into libs/db/src/typed/generated/,
 * and drops the database. Prints the files it changed.
 */
async function main(): Promise<void> {
  const adminUrl =
    process.env.DATABASE_URL ??
    (await ensureLocalStack({ log: (line) => process.stderr.write(`local stack: ${line}\n`) }))
      .databaseUrl;
  const name = `cw_db_types_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  try {
    const url = databaseUrlFor(adminUrl, name);
    await runMigrations(url);
    const files = await admin(url, (client) => generateDbTypes(client, REPO_ROOT));
    const changed: string[] = [];
    for (const [path, text] of files) {
      if (committedText(REPO_ROOT, path) === text) continue;
      mkdirSync(dirname(join(REPO_ROOT, path)), { recursive: true });
      writeFileSync(join(REPO_ROOT, path), text);
      changed.push(path);
    }
    for (const file of readdirSync(join(REPO_ROOT, GENERATED_DIR))) {
      const path = `${GENERATED_DIR}/${file}`;
      if (!files.has(path)) {
        rmSync(join(REPO_ROOT, path));
        changed.push(`${path} (removed)`);
      }
    }
    process.stdout.write(
      changed.length > 0 ? `db:types wrote ${changed.join(', ')}\n` : 'db:types: up to date\n',
    );
  } finally {
    await admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`db:types failed: ${(error as Error).message}\n`);
  process.exit(1);
});
