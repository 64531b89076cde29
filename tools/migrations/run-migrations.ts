import { runMigrations } from '@cw/db';

/** Applies pending migrations (the Kubernetes migration Job and `npm start` run this). */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set.');
  const applied = await runMigrations(url);
  process.stdout.write(
    applied.length > 0 ? `migrations applied: ${applied.join(', ')}\n` : 'migrations: up to date\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`migrations failed: ${(error as Error).message}\n`);
  process.exit(1);
});
