import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { postgresPaths } from './postgres-files';
import { isProcessNamed } from './processes';

function readPostmasterPid(dataDir: string): string[] | undefined {
  try {
    return readFileSync(join(postgresPaths(dataDir).pgdata, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
}

/** The pid and port of the postmaster that owns dataDir's cluster, when one is running. */
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
 * Call only when runningPostgres found none.
 */
export function removeStaleLockFiles(dataDir: string): void {
  const { pgdata, socketDir } = postgresPaths(dataDir);
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
