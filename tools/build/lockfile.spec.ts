import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

describe('package-lock.json', () => {
  it('records every optional platform package, so that `npm ci` accepts it', () => {
    const lock = JSON.parse(readFileSync(join(__dirname, '../../package-lock.json'), 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {}).filter(
        (name) =>
          !lock.packages[`${path ? `${path}/` : ''}node_modules/${name}`] &&
          !lock.packages[`node_modules/${name}`],
      ),
    );
    // Fix with `node tools/build/complete-lockfile.mjs` after an `npm install`.
    expect(missing).toEqual([]);
  });
});
