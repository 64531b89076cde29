// Packs the `cw` client alone into a tarball for other machines: `npm run cli:pack` writes
// dist/cli-package/cw-cli-<version>.tgz, which `npm install -g <tarball>` installs with only the
// client's own dependencies (no service code, no NestJS). Run after the build.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/**
 * The Node the packed client claims, apart from the services' exact one: the oldest line still
 * maintained (Node 22, until 2027-04-30). The pack fails when a package the client installs
 * (its dependencies, and theirs) declares a newer minimum.
 */
const CLIENT_NODE_MAJOR = 22;

/** The lowest major line a package's `engines.node` admits (`>=20`, `^18.17 || >=20`: 18). */
function lowestMajor(range) {
  const majors = [...String(range).matchAll(/(?:^|\|\||\s)(?:>=|\^|~)?\s*v?(\d+)/g)];
  return majors.length > 0 ? Math.min(...majors.map(([, major]) => Number(major))) : 0;
}

/** package.json of `name` as Node would find it from `fromDir` (the closest node_modules). */
function installedManifest(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file))
      return { dir: dirname(file), manifest: JSON.parse(readFileSync(file, 'utf8')) };
    if (dir === root || dirname(dir) === dir)
      throw new Error(`${name} is not installed: run npm ci`);
  }
}

/** Each installed package the client brings whose `engines.node` needs more than it claims. */
function tooNew(names) {
  const seen = new Set();
  const found = [];
  const visit = (name, fromDir) => {
    const { dir, manifest } = installedManifest(name, fromDir);
    if (seen.has(dir)) return;
    seen.add(dir);
    const range = manifest.engines?.node;
    if (range && lowestMajor(range) > CLIENT_NODE_MAJOR) found.push(`${name} (${range})`);
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, dir);
  };
  for (const name of names) visit(name, root);
  return found;
}

const needNewer = tooNew(RUNTIME);
if (needNewer.length > 0) {
  process.stderr.write(
    `cli:pack: the client claims Node >=${CLIENT_NODE_MAJOR}, but ${needNewer.join(', ')} need more: raise CLIENT_NODE_MAJOR in tools/build/pack-cli.mjs and docs/cli.md\n`,
  );
  process.exit(1);
}

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
      engines: { node: `>=${CLIENT_NODE_MAJOR}` },
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
