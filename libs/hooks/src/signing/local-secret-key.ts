import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError } from '@cw/platform';

const unusable = (target: string, error: unknown): ConfigError =>
  new ConfigError(
    `Invalid setting HOOKS_SECRET_KEY: unset, and no key could be read from or generated into ${target} (${(error as Error).message}).`,
  );

/**
 * The key-encryption key of a non-production process that was given none: read from `path`, or
 * generated there once. Processes starting together (`npm start`) race to create it; the file
 * is written aside and linked into place, so every one of them reads the same complete key.
 */
export function localSecretKey(path: string): string {
  const target = resolve(path);
  try {
    return readFileSync(target, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw unusable(target, error);
  }
  const aside = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(aside, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    linkSync(aside, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw unusable(target, error);
  } finally {
    rmSync(aside, { force: true });
  }
  return readFileSync(target, 'utf8').trim();
}
