import {
  appendFileSync,
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { chownTree, type SystemUser } from './system-user';

export interface PostgresPaths {
  pgdata: string;
  socketDir: string;
  logFile: string;
}

const settingsFile = 'local-stack.conf';
const maxSocketPathLength = 100; // sun_path holds 108 bytes, with room for "/.s.PGSQL.<port>"

export const postgresPaths = (dataDir: string): PostgresPaths => ({
  pgdata: join(dataDir, 'postgres'),
  socketDir: join(dataDir, 'postgres-socket'),
  logFile: join(dataDir, 'postgres.log'),
});

export function prepareDirectories(paths: PostgresPaths, owner: SystemUser | undefined): void {
  mkdirSync(paths.pgdata, { recursive: true, mode: 0o700 });
  mkdirSync(paths.socketDir, { recursive: true, mode: 0o700 });
  closeSync(openSync(paths.logFile, 'a'));
  if (!owner) return;
  for (const path of [paths.pgdata, paths.socketDir, paths.logFile]) chownTree(path, owner);
}

/** Run once after initdb: our settings live in a file of their own, rewritten on every start. */
export function includeStackSettings(paths: PostgresPaths): void {
  appendFileSync(
    join(paths.pgdata, 'postgresql.conf'),
    `\ninclude_if_exists = '${settingsFile}'\n`,
  );
}

export function writeStackSettings(
  paths: PostgresPaths,
  port: number,
  owner: SystemUser | undefined,
): void {
  const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const socketPath = join(paths.socketDir, `.s.PGSQL.${port}`);
  // A too-long socket path would stop the server; TCP alone is enough then.
  const socketDirs = socketPath.length <= maxSocketPathLength ? paths.socketDir : '';
  const settings = [
    '# Written by tools/local-stack on every start.',
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = ${quote(socketDirs)}`,
    'max_connections = 200',
    // The default 128 MB holds less than the 100,000-page benchmark wiki; searches then re-read
    // pages from the OS cache (docs/benchmarks.md, "shared_buffers holds the working set").
    // Shared memory is only committed as used.
    "shared_buffers = '512MB'",
    // The data is in memory (shared buffers, the OS cache on SSD); the default 4.0 prices an index
    // probe as a disk seek, so lookups of 64 keys scanned young tables of a few thousand rows
    // whole instead (the hook-dispatcher's batches: docs/benchmarks.md, "random_page_cost 1.1").
    'random_page_cost = 1.1',
    '',
  ];
  const file = join(paths.pgdata, settingsFile);
  writeFileSync(file, settings.join('\n'));
  if (owner) chownTree(file, owner);
}

/** The last lines the log gained past `offset` (its size before a start attempt). */
export function newLogLines(logFile: string, offset: number, count: number): string {
  try {
    const added = readFileSync(logFile).subarray(offset).toString('utf8').trim();
    return added.split('\n').slice(-count).join(' | ');
  } catch {
    return '';
  }
}
