import { runMigrations } from '@cw/db';
import { loadConfig } from '@cw/platform';
import { MigrationsConfig } from './migrations.config';

/** Applies pending migrations (the Kubernetes migration Job and `npm start` run this). */
async function main(): Promise<void> {
  const applied = await runMigrations(loadConfig(MigrationsConfig).DATABASE_URL);
  process.stdout.write(
    applied.length > 0 ? `migrations applied: ${applied.join(', ')}\n` : 'migrations: up to date\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`migrations failed: ${(error as Error).message}\n`);
  process.exit(1);
});
