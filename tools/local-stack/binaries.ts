import { readdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findOnPath, isExecutable, isRoot, type Log, runOrThrow } from './processes';

export interface PostgresBinaries {
  initdb: string;
  pgCtl: string;
  psql: string;
  pgIsReady: string;
}

const postgresRoot = '/usr/lib/postgresql';

function postgresBinariesIn(dir: string): PostgresBinaries | undefined {
  const bin = (name: string) => join(dir, name);
  if (!['initdb', 'pg_ctl', 'postgres'].every((name) => isExecutable(bin(name)))) return undefined;
  const client = (name: string) =>
    isExecutable(bin(name)) ? bin(name) : (findOnPath(name) ?? name);
  return {
    initdb: bin('initdb'),
    pgCtl: bin('pg_ctl'),
    psql: client('psql'),
    pgIsReady: client('pg_isready'),
  };
}

function findPostgres(): PostgresBinaries | undefined {
  const pgCtl = findOnPath('pg_ctl');
  // Debian's /usr/bin/pg_ctl may be a symlink or a wrapper; resolving finds the real bin dir.
  const onPath = pgCtl ? postgresBinariesIn(dirname(realpathSync(pgCtl))) : undefined;
  if (onPath) return onPath;
  let versions: string[] = [];
  try {
    versions = readdirSync(postgresRoot).filter((name) => /^\d+(\.\d+)?$/.test(name));
  } catch {
    return undefined;
  }
  versions.sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const found = postgresBinariesIn(join(postgresRoot, version, 'bin'));
    if (found) return found;
  }
  return undefined;
}

function findRedis(): string | undefined {
  const candidates = [
    '/usr/bin/redis-server',
    '/usr/local/bin/redis-server',
    '/usr/sbin/redis-server',
  ];
  return findOnPath('redis-server') ?? candidates.find(isExecutable);
}

function canInstall(): boolean {
  return isRoot() && findOnPath('apt-get') !== undefined;
}

async function aptInstall(debianPackage: string): Promise<void> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    runOrThrow('apt-get', ['install', '-y', '--no-install-recommends', debianPackage], { env });
  try {
    await install();
  } catch {
    // Usually a fresh image without package lists: refresh them once and retry.
    await runOrThrow('apt-get', ['update'], { env });
    await install();
  }
}

async function ensureInstalled<T>(
  find: () => T | undefined,
  what: string,
  debianPackage: string,
  /** The setting that names an existing one instead, when there is one. */
  urlVariable: string | undefined,
  log: Log,
): Promise<T> {
  const found = find();
  if (found) return found;
  if (!canInstall()) {
    const instead = urlVariable ? ` or set ${urlVariable} to an existing one` : '';
    throw new Error(
      `${what} is not installed: install the Debian package "${debianPackage}" ` +
        `(sudo apt-get install -y ${debianPackage})${instead}.`,
    );
  }
  log(`${what} not found; installing the Debian package "${debianPackage}" with apt-get`);
  await aptInstall(debianPackage);
  const installed = find();
  if (!installed) throw new Error(`${what} still not found after installing "${debianPackage}".`);
  log(`installed "${debianPackage}"`);
  return installed;
}

export function ensurePostgresBinaries(log: Log): Promise<PostgresBinaries> {
  return ensureInstalled(
    findPostgres,
    'PostgreSQL (initdb, pg_ctl)',
    'postgresql',
    'DATABASE_URL',
    log,
  );
}

export function ensureRedisBinary(log: Log): Promise<string> {
  return ensureInstalled(findRedis, 'Redis (redis-server)', 'redis-server', 'REDIS_URL', log);
}

function findChromium(): string | undefined {
  return (
    findOnPath('chromium') ??
    findOnPath('chromium-browser') ??
    ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(isExecutable)
  );
}

/** The browser of the real-browser tests (driven by playwright-core): Debian's `chromium`. */
export function ensureChromiumBinary(log: Log): Promise<string> {
  return ensureInstalled(findChromium, 'Chromium', 'chromium', 'CHROMIUM_PATH', log);
}

/** Prometheus' rule checker, for the alert rules' tests: Debian's `prometheus` package has it. */
export function ensurePromtool(log: Log): Promise<string> {
  const find = () => process.env.PROMTOOL_PATH ?? findOnPath('promtool');
  return ensureInstalled(find, 'promtool', 'prometheus', 'PROMTOOL_PATH', log);
}

/** What the docs' shell examples use besides bash, for their test: Debian's jq, curl and openssl. */
export async function ensureExampleTools(log: Log): Promise<void> {
  for (const tool of ['jq', 'curl', 'openssl']) {
    await ensureInstalled(() => findOnPath(tool), tool, tool, undefined, log);
  }
}
