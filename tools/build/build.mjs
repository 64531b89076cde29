// Compiles apps/, libs/ and tools/ to dist/ with SWC (`compile.mjs`). Unchanged files are
// skipped, so a warm build takes well under a second. Type checking is `npm run typecheck` (run
// by `npm test`).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { compile, outDir, root, typescriptFiles } from './compile.mjs';

const sourceDirs = ['apps', 'libs', 'tools'];
const quiet = process.argv.includes('--quiet');

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
// The mcp-server builds its tools from the same description, in an image of its own.
copyFileSync(
  join(gatewayOpenApi, 'services-openapi.json'),
  join(outDir, 'apps/mcp-server/src/services-openapi.json'),
);
