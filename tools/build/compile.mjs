// What `build.mjs` (everything) and `project-build.mjs` (one Nx project) share: SWC with
// decorator metadata for NestJS and the tsconfig path aliases rewritten to relative imports,
// one TypeScript file compiled to its place under dist/, skipped while it is up to date.
import { transformFile } from '@swc/core';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const outDir = join(root, 'dist');
const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8'));

export const swcOptions = {
  sourceMaps: true,
  module: { type: 'commonjs' },
  jsc: {
    target: 'es2022',
    baseUrl: root,
    paths: compilerOptions.paths,
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    keepClassNames: true,
  },
};

export async function* typescriptFiles(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* typescriptFiles(path);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
      yield path;
    }
  }
}

async function isFresh(source, target) {
  try {
    const [s, t] = await Promise.all([stat(source), stat(target)]);
    return t.mtimeMs >= s.mtimeMs;
  } catch {
    return false;
  }
}

// Written aside and renamed: several builds may run at once (Nx tasks, jest's global setup), and
// a process started meanwhile must never load half a file.
async function writeWhole(path, content) {
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, content);
  await rename(partial, path);
}

/** Compiles one file unless its output is newer; true when it compiled. */
export async function compile(source) {
  const target = join(outDir, relative(root, source)).replace(/\.ts$/, '.js');
  if (await isFresh(source, target)) return false;
  const output = await transformFile(source, { ...swcOptions, filename: source });
  await mkdir(dirname(target), { recursive: true });
  const mapName = `${target}.map`;
  if (output.map) await writeWhole(mapName, output.map);
  await writeWhole(
    target,
    `${output.code}\n//# sourceMappingURL=${relative(dirname(target), mapName)}\n`,
  );
  return true;
}
