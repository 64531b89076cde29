import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@cw/testing';
import { createTwoFilesPatch } from 'diff';
import { Client } from 'pg';
import { committedText, GENERATED_DIR, generateDbTypes, literalsOfCheck } from './db-types';

const repoRoot = resolve(__dirname, '../..');

describe('the generated table types', () => {
  let database: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('are those of the schema the migrations build (else run `npm run db:types`)', async () => {
    const generated = await generateDbTypes(client, repoRoot);
    const drift: string[] = [];
    for (const [path, text] of generated) {
      const committed = committedText(repoRoot, path);
      if (committed === null) drift.push(`${path} is missing`);
      else if (committed !== text) {
        drift.push(createTwoFilesPatch(path, `${path} (migrated schema)`, committed, text));
      }
    }
    for (const file of readdirSync(join(repoRoot, GENERATED_DIR))) {
      const path = `${GENERATED_DIR}/${file}`;
      if (!generated.has(path)) drift.push(`${path} is not generated from any schema`);
    }
    if (drift.length > 0) {
      throw new Error(
        `The table types differ from the migrations: run \`npm run db:types\` and commit ` +
          `${GENERATED_DIR}/.\n${drift.join('\n')}`,
      );
    }
  });

  it('type a column checked against a list of values as the union of those values', () => {
    expect(
      literalsOfCheck('state', "CHECK ((state = ANY (ARRAY['live'::text, 'ended'::text])))"),
    ).toEqual(['live', 'ended']);
    expect(literalsOfCheck('language', "CHECK ((language = 'javascript'::text))")).toEqual([
      'javascript',
    ]);
    expect(literalsOfCheck('name', 'CHECK ((length(name) <= 200))')).toBeNull();
    expect(
      literalsOfCheck('state', "CHECK (((state = 'ended'::text) = (ended_at IS NOT NULL)))"),
    ).toBeNull();
  });
});
