import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

/** Any constant works; it only has to be the same in every process that migrates. */
const MIGRATION_LOCK_KEY = 72_317_001;

/**
 * Applies pending migrations under a Postgres advisory lock, so that replicas or a Job
 * starting at once run them exactly once. Returns the names applied by this call.
 */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource({ ...dataSourceOptions({ url: databaseUrl, poolSize: 2 }) });
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
    await dataSource.destroy();
  }
}
