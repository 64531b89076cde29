// Nx's `build` target: compiles the files under one project's root into dist/, as `build.mjs`
// does for the whole repository (same output, so both can share dist/). Nx builds the project's
// dependencies first (`dependsOn: ["^build"]`), so the output runs.
//   node tools/build/project-build.mjs apps/wiki-service
import { join } from 'node:path';
import { compile, root, typescriptFiles } from './compile.mjs';

const projectRoot = process.argv[2];
if (!projectRoot) {
  process.stderr.write('usage: node tools/build/project-build.mjs <project root>\n');
  process.exit(2);
}

const jobs = [];
for await (const file of typescriptFiles(join(root, projectRoot))) jobs.push(compile(file));
const compiled = (await Promise.all(jobs)).filter(Boolean).length;
process.stdout.write(`build ${projectRoot}: ${compiled} of ${jobs.length} files compiled\n`);
