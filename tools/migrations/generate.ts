import { dataSourceOptions } from '@cw/db';
import { IDENTITY_ENTITIES } from '@cw/identity';
import { loadConfig } from '@cw/platform';
import { QUEUE_ENTITIES } from '@cw/queue';
import { DataSource } from 'typeorm';
import { MigrationsConfig } from './migrations.config';

/**
 * The wiki's entities are left out: `wiki.pages.search_vector` is a generated column, which
 * TypeORM can compare only through its own `typeorm_metadata` table, and the hand-written
 * migrations do not keep one.
 */
const ENTITIES = [...IDENTITY_ENTITIES, ...QUEUE_ENTITIES];

/**
 * Prints the SQL that would bring the database (migrated to head) in line with the entities.
 * A starting point for a new migration: paste it into a migration class, review every line,
 * keep what the entities cannot say (expression indexes, checks, partial indexes).
 */
async function main(): Promise<void> {
  const { DATABASE_URL: url } = loadConfig(MigrationsConfig);
  const dataSource = new DataSource({
    ...dataSourceOptions({ url, poolSize: 1 }),
    entities: ENTITIES,
  });
  await dataSource.initialize();
  try {
    const sql = await dataSource.driver.createSchemaBuilder().log();
    // Checks, foreign keys and indexes are written by hand in migrations and not modelled on
    // the entities, so the builder would drop them: keep those statements out.
    const handKept = (query: string): boolean => /\b(DROP CONSTRAINT|DROP INDEX)\b/.test(query);
    const up = sql.upQueries.map((query) => query.query).filter((query) => !handKept(query));
    const skipped = sql.upQueries.length - up.length;
    if (up.length === 0) {
      process.stdout.write(
        `-- the entities match the schema (${skipped} hand-kept constraints and indexes left alone)\n`,
      );
      return;
    }
    process.stdout.write(`-- up (${skipped} hand-kept constraints and indexes left alone)\n`);
    for (const query of up) process.stdout.write(`${query};\n`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`migration:generate failed: ${(error as Error).message}\n`);
  process.exit(1);
});
