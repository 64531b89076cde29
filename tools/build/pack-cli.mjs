// Packs the `cw` client alone into a tarball for other machines: `npm run cli:pack` writes
// dist/cli-package/cw-cli-<version>.tgz, which `npm install -g <tarball>` installs with only the
// client's own dependencies (no service code, no NestJS). Run after the build.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { outDir, root } from './compile.mjs';

/** What dist/apps/cli and dist/libs/api-client require at run time. */
const RUNTIME = [
  '@inquirer/prompts',
  'cli-progress',
  'cli-table3',
  'commander',
  'diff',
  'open',
  'openapi-fetch',
  'picocolors',
];

const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const target = join(outDir, 'cli-package');
rmSync(target, { recursive: true, force: true });
// The same layout as the checkout, so the bin's relative require finds dist/ in both.
cpSync(join(root, 'apps/cli/bin'), join(target, 'apps/cli/bin'), { recursive: true });
for (const compiled of ['apps/cli/src', 'libs/api-client/src']) {
  mkdirSync(join(target, 'dist', compiled), { recursive: true });
  cpSync(join(outDir, compiled), join(target, 'dist', compiled), {
    recursive: true,
    filter: (path) => !/\.(spec|int-spec|e2e-spec)\.js(\.map)?$/.test(path),
  });
}
writeFileSync(
  join(target, 'package.json'),
  `${JSON.stringify(
    {
      name: 'cw-cli',
      version: rootPackage.version,
      description: 'cw: the command-line client of the Company Wiki, Workflow and Report API',
      license: 'UNLICENSED',
      bin: { cw: 'apps/cli/bin/cw.js' },
      engines: rootPackage.engines,
      dependencies: Object.fromEntries(
        RUNTIME.map((name) => [name, rootPackage.dependencies[name]]),
      ),
    },
    null,
    2,
  )}\n`,
);
const tarball = execFileSync('npm', ['pack', '--silent'], { cwd: target, encoding: 'utf8' }).trim();
process.stdout.write(`${join(target, tarball)}\n`);
