import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A migration's name: kebab-case words, as in `1763850000160-per-person-count-indexes.ts`. */
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const MAX_NAME_LENGTH = 60;
const MIGRATION_FILE = /^(\d{13})-([a-z0-9-]+)\.ts$/;

export class MigrationNameRefused extends Error {}

export interface CreatedMigration {
  file: string;
  className: string;
}

/** `per-person-count-indexes` at 1763850000160 → `PerPersonCountIndexes1763850000160`. */
export function migrationClassName(name: string, timestamp: number): string {
  const words = name.split('-').map((word) => word[0].toUpperCase() + word.slice(1));
  return `${words.join('')}${timestamp}`;
}

function refuseName(name: string, existing: string[]): void {
  if (!NAME.test(name)) {
    throw new MigrationNameRefused(
      `"${name}" is not a migration name: kebab-case words, e.g. identity-person-locale`,
    );
  }
  if (name.length > MAX_NAME_LENGTH) {
    throw new MigrationNameRefused(`"${name}" is longer than ${MAX_NAME_LENGTH} characters`);
  }
  const taken = existing.find((file) => MIGRATION_FILE.exec(file)?.[2] === name);
  if (taken) throw new MigrationNameRefused(`"${name}" is taken by ${taken}`);
}

/** After the newest migration, whatever the clock says: the stream runs in timestamp order. */
function nextTimestamp(existing: string[], now: number): number {
  const newest = Math.max(
    0,
    ...existing.map((file) => Number(MIGRATION_FILE.exec(file)?.[1] ?? 0)),
  );
  return Math.max(now, newest + 1);
}

function skeleton(className: string): string {
  return `import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why this change, and what reads or writes it (the query it serves, the lock it takes, how the
 * release before this one keeps working while it runs).
 */
export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(db: QueryRunner): Promise<void> {
    // Reviewed SQL, one statement per \`db.query\`; then \`npm run db:types\`. The placeholder
    // is not SQL, so a migration left unwritten fails where it runs.
    await db.query(\`<the reviewed SQL>\`);
  }

  async down(db: QueryRunner): Promise<void> {
    // The reverse of \`up\`, its last statement undone first.
    await db.query(\`<the reviewed SQL>\`);
  }
}
`;
}

/** Adds the class to `MIGRATIONS` in index.ts: an import after the last, an entry at the end. */
function register(indexText: string, className: string, fileBase: string): string {
  const lines = indexText.split('\n');
  const lastImport = lines.reduce((last, line, at) => (line.startsWith('import ') ? at : last), -1);
  const listEnd = lines.lastIndexOf('];');
  if (lastImport < 0 || listEnd < lastImport) {
    throw new Error('index.ts does not end with the MIGRATIONS list');
  }
  lines.splice(listEnd, 0, `  ${className},`);
  lines.splice(lastImport + 1, 0, `import { ${className} } from './${fileBase}';`);
  return lines.join('\n');
}

/**
 * Writes `<timestamp>-<name>.ts` into the migrations folder, a migration class whose `up` and
 * `down` are to be written by hand, and appends it to `MIGRATIONS`. Refuses a name that is not
 * kebab-case or that an existing migration has, writing nothing.
 */
export function createMigration(dir: string, name: string, now = Date.now()): CreatedMigration {
  const existing = readdirSync(dir).filter((file) => MIGRATION_FILE.test(file));
  refuseName(name, existing);
  const timestamp = nextTimestamp(existing, now);
  const className = migrationClassName(name, timestamp);
  const fileBase = `${timestamp}-${name}`;
  const file = join(dir, `${fileBase}.ts`);
  const indexFile = join(dir, 'index.ts');
  const index = register(readFileSync(indexFile, 'utf8'), className, fileBase);
  if (existsSync(file)) throw new MigrationNameRefused(`${fileBase}.ts exists`);
  writeFileSync(file, skeleton(className), { flag: 'wx' });
  writeFileSync(indexFile, index);
  return { file, className };
}
