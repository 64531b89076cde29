// Compiles apps/, libs/ and tools/ to dist/ with SWC: decorator metadata for NestJS and the
// tsconfig path aliases rewritten to relative imports. Unchanged files are skipped, so a warm
// build takes well under a second. Type checking is `npm run typecheck` (run by `npm test`).
import { transformFile } from '@swc/core';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, 'dist');
const sourceDirs = ['apps', 'libs', 'tools'];
const quiet = process.argv.includes('--quiet');
const { compilerOptions } = JSON.parse(
  await import('node:fs').then((fs) => fs.readFileSync(join(root, 'tsconfig.base.json'), 'utf8')),
);

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

async function* typescriptFiles(dir) {
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

async function compile(source) {
  const target = join(outDir, relative(root, source)).replace(/\.ts$/, '.js');
  if (await isFresh(source, target)) return false;
  const output = await transformFile(source, { ...swcOptions, filename: source });
  await mkdir(dirname(target), { recursive: true });
  const mapName = `${target}.map`;
  await writeFile(
    target,
    `${output.code}\n//# sourceMappingURL=${relative(dirname(target), mapName)}\n`,
  );
  if (output.map) await writeFile(mapName, output.map);
  return true;
}

const started = Date.now();
const jobs = [];
for (const dir of sourceDirs) {
  for await (const file of typescriptFiles(join(root, dir))) jobs.push(compile(file));
}
const compiled = (await Promise.all(jobs)).filter(Boolean).length;
if (!quiet)
  console.log(`build: ${compiled} of ${jobs.length} files compiled in ${Date.now() - started} ms`);

// The gateway serves every service's OpenAPI description from a file written here, from the
// services' modules (docs/architecture.md says why not at run time).
const gatewayOpenApi = join(outDir, 'apps/api-gateway/src/openapi');
if (compiled > 0 || !existsSync(join(gatewayOpenApi, 'services-openapi.json'))) {
  execFileSync(process.execPath, [join(gatewayOpenApi, 'write-services-description.js')], {
    stdio: 'inherit',
  });
}
