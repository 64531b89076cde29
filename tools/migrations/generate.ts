import { dataSourceOptions } from '@cw/db';
import { IDENTITY_ENTITIES } from '@cw/identity';
import { DataSource } from 'typeorm';

/** Every context's entities: the schema the code expects. */
const ENTITIES = [...IDENTITY_ENTITIES];

/**
 * Prints the SQL that would bring the database (migrated to head) in line with the entities.
 * A starting point for a new migration: paste it into a migration class, review every line,
 * keep what the entities cannot say (expression indexes, checks, partial indexes).
 */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set (point it at a database migrated to head).');
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
