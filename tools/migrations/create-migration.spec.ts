import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { MigrationInterface } from 'typeorm';
import { createMigration, migrationClassName, MigrationNameRefused } from './create-migration';

const REAL_DIR = resolve(__dirname, '../../libs/db/src/migrations');

describe('migration:create', () => {
  let dir: string;
  const realFiles = readdirSync(REAL_DIR);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cw-migrations-'));
    cpSync(REAL_DIR, dir, { recursive: true });
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    expect(readdirSync(REAL_DIR)).toEqual(realFiles);
  });

  it('writes a migration class after the newest and appends it to MIGRATIONS', () => {
    const now = 1796000000000;
    const { file, className } = createMigration(dir, 'identity-person-locale', now);

    expect(file).toBe(join(dir, `${now}-identity-person-locale.ts`));
    expect(className).toBe(`IdentityPersonLocale${now}`);
    const written = readFileSync(file, 'utf8');
    expect(written).toContain(`export class ${className} implements MigrationInterface {`);
    expect(written).toContain(`name = '${className}';`);

    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { MIGRATIONS } = require(join(dir, 'index.ts')) as {
      MIGRATIONS: (new () => MigrationInterface)[];
    };
    const last = MIGRATIONS[MIGRATIONS.length - 1];
    expect(last.name).toBe(className);
    expect(new last().name).toBe(className);
    expect(MIGRATIONS).toHaveLength(realFiles.length); // every migration, index.ts left out, plus one
  });

  it('takes a timestamp after the newest migration when the clock is behind it', () => {
    const { className } = createMigration(dir, 'late-clock', 1);
    const newest = Math.max(...realFiles.map((file) => Number(file.split('-')[0]) || 0));
    expect(className).toBe(migrationClassName('late-clock', newest + 1));
  });

  it.each([
    ['Identity-Locale', 'is not a migration name'],
    ['identity_locale', 'is not a migration name'],
    ['identity-', 'is not a migration name'],
    ['1-identity', 'is not a migration name'],
    ['../escape', 'is not a migration name'],
    ['a'.repeat(61), 'is longer than 60 characters'],
    ['per-person-count-indexes', 'is taken by 1763850000160-per-person-count-indexes.ts'],
  ])('refuses %j with one line, writing nothing', (name, reason) => {
    const index = readFileSync(join(dir, 'index.ts'), 'utf8');
    const before = readdirSync(dir);

    let refusal: unknown;
    try {
      createMigration(dir, name);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(MigrationNameRefused);
    expect((refusal as Error).message).toContain(reason);
    expect((refusal as Error).message).not.toContain('\n');
    expect(readdirSync(dir)).toEqual(before);
    expect(readFileSync(join(dir, 'index.ts'), 'utf8')).toBe(index);
  });
});
