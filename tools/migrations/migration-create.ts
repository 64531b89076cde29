import { join, relative } from 'node:path';
import { createMigration, MigrationNameRefused } from './create-migration';

const REPO_ROOT = join(__dirname, '../../..');
const MIGRATIONS_DIR = join(REPO_ROOT, 'libs/db/src/migrations');

/**
 * `npm run migration:create -- <name>`: writes a migration skeleton into libs/db/src/migrations/
 * and lists it in `MIGRATIONS`. Its `up` and `down` are then written by hand (docs/migrations.md).
 */
function main(): void {
  const names = process.argv.slice(2);
  if (names.length !== 1) {
    throw new MigrationNameRefused('usage: npm run migration:create -- <kebab-case-name>');
  }
  const { file, className } = createMigration(MIGRATIONS_DIR, names[0]);
  process.stdout.write(
    `migration:create wrote ${relative(REPO_ROOT, file)} (${className}, appended to MIGRATIONS)\n`,
  );
}

try {
  main();
} catch (error: unknown) {
  process.stderr.write(`migration:create: ${(error as Error).message}\n`);
  process.exit(1);
}
