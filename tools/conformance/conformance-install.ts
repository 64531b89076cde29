import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The suite needs Node 22 or later: it runs on the project's Node (.node-version), the one
 * running the tests (`npm test` and `npm run jest` start jest on it, tools/runtime).
 */
const SUITE_NODE_MAJOR = 22;
const MANIFEST = join(__dirname, 'conformance.package.json');
const LOCK = join(__dirname, 'conformance.package-lock.json');
const INSTALL_TIMEOUT_MS = 300_000;

export interface ConformanceTools {
  /** The suite's CLI (`conformance server --url … --scenario …`), run with this Node. */
  cli: string;
}

/** What the cached install was made from: a change of the pins installs afresh. */
function fingerprint(): string {
  return createHash('sha256').update(readFileSync(LOCK)).digest('hex').slice(0, 16);
}

function toolsIn(directory: string): ConformanceTools {
  return {
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

/**
 * The pinned suite (its lockfile, `npm ci`) under `.data/conformance/<fingerprint>`, installed
 * once and reused by every later run. Built in a directory of its own and renamed into place,
 * so a run that stops half-way or a parallel run never leaves a broken install.
 */
export async function installConformance(dataDir: string): Promise<ConformanceTools> {
  const root = join(dataDir, 'conformance');
  const target = join(root, fingerprint());
  const major = Number(process.versions.node.split('.')[0]);
  if (major < SUITE_NODE_MAJOR) {
    throw new Error(
      `The MCP conformance suite needs Node ${SUITE_NODE_MAJOR} or later, not ${process.version}: ` +
        "run the tests with npm test or npm run jest (the project's Node).",
    );
  }
  const tools = toolsIn(target);
  if (existsSync(tools.cli)) return tools;
  const building = join(root, `building-${process.pid}-${Date.now()}`);
  mkdirSync(building, { recursive: true });
  try {
    copyFileSync(MANIFEST, join(building, 'package.json'));
    copyFileSync(LOCK, join(building, 'package-lock.json'));
    await npm(['ci', '--ignore-scripts'], building);
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
