import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { CliError, ExitCode, usageError } from '../../exit-codes';

export const STATE_FILE = '.cw-sync.json';
const LOCK_FILE = '.cw-sync.lock';

/** What the folder last had of a page: the file, and the server version its text was. */
export interface TrackedPage {
  /** Relative to the folder, with `/` separators. */
  file: string;
  version: number;
  /** SHA-256 of the text as it was last synced: a file that differs holds local changes. */
  sha256: string;
  title: string;
  path: string;
}

export interface SyncState {
  format: 1;
  url: string;
  cursor: string | null;
  pages: Record<string, TrackedPage>;
}

/** A relative path that stays inside the folder (the state file is read back, so it is checked). */
export function isInsideFolder(file: string): boolean {
  if (file === '' || isAbsolute(file) || file.includes('\0')) return false;
  const normal = normalize(file);
  return normal !== '..' && !normal.startsWith(`..${sep}`) && !normal.startsWith('../');
}

function checkState(raw: unknown, stateFile: string): SyncState {
  const bad = (why: string): CliError =>
    usageError(`${stateFile} is not a cw sync state (${why}); move it away to start afresh`);
  if (typeof raw !== 'object' || raw === null) throw bad('not an object');
  const state = raw as Partial<SyncState>;
  if (state.format !== 1) throw bad('unknown format');
  if (typeof state.url !== 'string') throw bad('no url');
  if (state.cursor !== null && typeof state.cursor !== 'string') throw bad('bad cursor');
  if (typeof state.pages !== 'object' || state.pages === null) throw bad('no pages');
  for (const [id, page] of Object.entries(state.pages)) {
    const ok =
      typeof page === 'object' &&
      page !== null &&
      typeof page.file === 'string' &&
      isInsideFolder(page.file) &&
      Number.isInteger(page.version) &&
      typeof page.sha256 === 'string' &&
      typeof page.title === 'string' &&
      typeof page.path === 'string';
    if (!ok) throw bad(`entry ${id}`);
  }
  return state as SyncState;
}

/** The folder's state, or a fresh one; a folder synced with another server is refused. */
export async function loadState(dir: string, url: string): Promise<SyncState> {
  const stateFile = join(dir, STATE_FILE);
  let text: string;
  try {
    text = await readFile(stateFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { format: 1, url, cursor: null, pages: {} };
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw usageError(`${stateFile} is not JSON; move it away to start afresh`);
  }
  const state = checkState(parsed, stateFile);
  if (state.url !== url)
    throw usageError(
      `${dir} mirrors ${state.url}, not ${url}: sync it with --url ${state.url}, or use another folder`,
    );
  return state;
}

/** Written whole (a temporary file renamed over it), so an interruption leaves the last state. */
export async function saveState(dir: string, state: SyncState): Promise<void> {
  const stateFile = join(dir, STATE_FILE);
  const partial = `${stateFile}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(partial, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(state, null, 2)}\n`);
  } finally {
    await handle.close();
  }
  await rename(partial, stateFile);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** One `cw sync` per folder at a time; a lock left by a process that died is taken over. */
export async function lockFolder(dir: string): Promise<() => Promise<void>> {
  const lockFile = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(await readFile(lockFile, 'utf8').catch(() => ''));
    if (Number.isInteger(holder) && holder > 0 && processIsAlive(holder)) break;
    await rm(lockFile, { force: true });
  }
  throw new CliError(
    `another cw sync is running on ${dir} (${lockFile}); try again when it is done`,
    ExitCode.failed,
    'SYNC_BUSY',
  );
}
