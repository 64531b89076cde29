import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { ensurePostgresBinaries, Log, PostgresBinaries } from './binaries';
import { choosePort, preferredPorts, readStackPorts, saveStackPort } from './ports';
import { isProcessNamed, isRoot, run, RunResult, runOrThrow, sleep } from './processes';
import { asUser, chownTree, ensureSystemUser, SystemUser } from './system-user';

export const databaseName = 'app';
const superuser = 'postgres';
const maxSocketPathLength = 100; // sun_path holds 108 bytes, minus room for "/.s.PGSQL.<port>"

interface PostgresPaths {
  pgdata: string;
  socketDir: string;
  logFile: string;
}

const pathsFor = (dataDir: string): PostgresPaths => ({
  pgdata: join(dataDir, 'postgres'),
  socketDir: join(dataDir, 'postgres-socket'),
  logFile: join(dataDir, 'postgres.log'),
});

/** Server-side commands: PostgreSQL refuses to run as root, so root runs them as `postgres`. */
class ServerCommands {
  constructor(
    private readonly binaries: PostgresBinaries,
    private readonly paths: PostgresPaths,
    private readonly owner: SystemUser | undefined,
  ) {}

  run(command: string, args: string[]): Promise<RunResult> {
    const [actual, actualArgs] = this.owner
      ? asUser(this.owner.name, command, args)
      : [command, args];
    return runOrThrow(actual, actualArgs, { cwd: this.paths.pgdata });
  }

  initdb(): Promise<RunResult> {
    const { pgdata } = this.paths;
    const args = ['-D', pgdata, '-U', superuser, '--auth=trust', '--encoding=UTF8', '--locale=C'];
    return this.run(this.binaries.initdb, args);
  }

  start(): Promise<RunResult> {
    const { pgdata, logFile } = this.paths;
    return this.run(this.binaries.pgCtl, ['start', '-D', pgdata, '-l', logFile, '-w', '-t', '120']);
  }

  stop(): Promise<RunResult> {
    return this.run(this.binaries.pgCtl, [
      'stop',
      '-D',
      this.paths.pgdata,
      '-m',
      'fast',
      '-w',
      '-t',
      '60',
    ]);
  }
}

function readPostmasterPid(dataDir: string): string[] | undefined {
  try {
    return readFileSync(join(pathsFor(dataDir).pgdata, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
}

/** The pid and port of the postmaster that owns pgdata, when one is running. */
export function runningPostgres(dataDir: string): { pid: number; port: number } | undefined {
  const lines = readPostmasterPid(dataDir);
  if (!lines) return undefined;
  const pid = Number(lines[0]);
  return isProcessNamed(pid, 'postgres') ? { pid, port: Number(lines[3]) } : undefined;
}

/** True when backends of a dead postmaster still hold its shared memory (line 7: key, shmid). */
function orphanedBackendsAlive(lines: string[]): boolean {
  const shmid = (lines[6] ?? '').trim().split(/\s+/)[1];
  try {
    const rows = readFileSync('/proc/sysvipc/shm', 'utf8').split('\n').slice(1);
    const row = rows.map((line) => line.trim().split(/\s+/)).find((cols) => cols[1] === shmid);
    return row !== undefined && Number(row[6]) > 0;
  } catch {
    return false;
  }
}

/**
 * Postgres refuses to start while its lock files name a live pid, and in containers whose init
 * never reaps, a crashed postmaster stays a zombie; so the lock files of a dead postmaster go,
 * unless its backends still run (starting then could corrupt the cluster).
 */
function removeStaleLockFiles(dataDir: string): void {
  const { pgdata, socketDir } = pathsFor(dataDir);
  const lines = readPostmasterPid(dataDir);
  if (!lines) return;
  if (orphanedBackendsAlive(lines)) {
    throw new Error(`Processes of an earlier PostgreSQL still use ${pgdata}; stop them first.`);
  }
  rmSync(join(pgdata, 'postmaster.pid'), { force: true });
  for (const name of readdirSync(socketDir)) {
    if (name.startsWith('.s.PGSQL.')) rmSync(join(socketDir, name), { force: true });
  }
}

/** The last lines the log gained past `offset` (its size before the start attempt). */
function newLogLines(logFile: string, offset: number, count: number): string {
  try {
    const added = readFileSync(logFile).subarray(offset).toString('utf8').trim();
    return added.split('\n').slice(-count).join(' | ');
  } catch {
    return '';
  }
}

export async function postgresAnswers(port: number, binaries?: PostgresBinaries): Promise<boolean> {
  const pgIsReady = binaries?.pgIsReady ?? 'pg_isready';
  const args = [
    '-q',
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    superuser,
    '-d',
    'postgres',
    '-t',
    '3',
  ];
  return (await run(pgIsReady, args).catch(() => ({ code: 1 }))).code === 0;
}

async function waitUntilAnswering(port: number, binaries: PostgresBinaries): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    if (await postgresAnswers(port, binaries)) return;
    await sleep(250);
  }
  throw new Error(`PostgreSQL is running but does not answer on 127.0.0.1:${port}.`);
}

function prepareDirectories(paths: PostgresPaths, owner: SystemUser | undefined): void {
  mkdirSync(paths.pgdata, { recursive: true, mode: 0o700 });
  mkdirSync(paths.socketDir, { recursive: true, mode: 0o700 });
  closeSync(openSync(paths.logFile, 'a'));
  if (!owner) return;
  for (const path of Object.values(paths)) chownTree(path, owner);
}

async function checkOwnerCanReach(paths: PostgresPaths, owner: SystemUser): Promise<void> {
  const [command, args] = asUser(owner.name, 'test', ['-w', paths.pgdata]);
  if ((await run(command, args)).code === 0) return;
  throw new Error(
    `The "${owner.name}" user cannot write ${paths.pgdata}: PostgreSQL will not run as root, so ` +
      'every folder above the data dir must be searchable by others (chmod o+x), or use another dataDir.',
  );
}

function writeServerSettings(
  paths: PostgresPaths,
  port: number,
  owner: SystemUser | undefined,
): void {
  const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const socketPath = join(paths.socketDir, `.s.PGSQL.${port}`);
  const socketDirs = socketPath.length <= maxSocketPathLength ? paths.socketDir : '';
  const settings = [
    '# Written by tools/local-stack on every start.',
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = ${quote(socketDirs)}`,
    'max_connections = 200',
    '',
  ];
  const file = join(paths.pgdata, 'local-stack.conf');
  writeFileSync(file, settings.join('\n'));
  if (owner) chownTree(file, owner);
}

async function initCluster(
  commands: ServerCommands,
  paths: PostgresPaths,
  log: Log,
): Promise<void> {
  log(`local-stack: creating a PostgreSQL cluster in ${paths.pgdata}`);
  await commands.initdb();
  appendFileSync(
    join(paths.pgdata, 'postgresql.conf'),
    "\ninclude_if_exists = 'local-stack.conf'\n",
  );
}

async function ensureDatabase(port: number, binaries: PostgresBinaries, log: Log): Promise<void> {
  const psql = (sql: string) =>
    runOrThrow(binaries.psql, [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      superuser,
      '-d',
      'postgres',
      '-v',
      'ON_ERROR_STOP=1',
      '-tAc',
      sql,
    ]);
  const found = await psql(`select 1 from pg_database where datname = '${databaseName}'`);
  if (found.stdout.trim() === '1') return;
  log(`local-stack: creating database "${databaseName}"`);
  await psql(`create database ${databaseName}`);
}

/** Starts (or reuses) the PostgreSQL of dataDir and returns its port. Call under the stack lock. */
export async function ensurePostgres(dataDir: string, log: Log): Promise<number> {
  const binaries = await ensurePostgresBinaries(log);
  const paths = pathsFor(dataDir);
  const running = runningPostgres(dataDir);
  if (running) {
    await waitUntilAnswering(running.port, binaries);
    if (readStackPorts(dataDir).postgresPort !== running.port)
      saveStackPort(dataDir, 'postgresPort', running.port);
    await ensureDatabase(running.port, binaries, log);
    return running.port;
  }

  const owner = isRoot() ? await ensureSystemUser('postgres', '/var/lib/postgresql') : undefined;
  prepareDirectories(paths, owner);
  if (owner) await checkOwnerCanReach(paths, owner);
  const commands = new ServerCommands(binaries, paths, owner);
  if (!existsSync(join(paths.pgdata, 'PG_VERSION'))) await initCluster(commands, paths, log);

  const saved = readStackPorts(dataDir);
  const port = await choosePort(saved.postgresPort ?? preferredPorts.postgresPort, [
    saved.redisPort ?? preferredPorts.redisPort,
  ]);
  writeServerSettings(paths, port, owner);
  removeStaleLockFiles(dataDir);
  log(`local-stack: starting PostgreSQL on 127.0.0.1:${port} (log: ${paths.logFile})`);
  const logOffset = statSync(paths.logFile).size;
  await commands.start().catch((error: Error) => {
    const reason = newLogLines(paths.logFile, logOffset, 3) || error.message;
    throw new Error(`PostgreSQL did not start: ${reason} (see ${paths.logFile})`);
  });
  saveStackPort(dataDir, 'postgresPort', port);
  await waitUntilAnswering(port, binaries);
  await ensureDatabase(port, binaries, log);
  return port;
}

export async function stopPostgres(dataDir: string, log: Log): Promise<void> {
  if (!runningPostgres(dataDir)) return;
  const binaries = await ensurePostgresBinaries(log);
  const owner = isRoot() ? await ensureSystemUser('postgres', '/var/lib/postgresql') : undefined;
  log('local-stack: stopping PostgreSQL');
  await new ServerCommands(binaries, pathsFor(dataDir), owner).stop();
}
