import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive, sleep } from './processes';

const waitLimitMs = 10 * 60_000; // a first start may install packages with apt-get
const emptyLockGraceMs = 5_000;

function tryAcquire(path: string): boolean {
  try {
    const fd = openSync(path, 'wx');
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** A lock whose holder died, or one left empty (its writer died between open and write). */
function isStale(path: string): boolean {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    if (Number.isInteger(pid)) return !isAlive(pid);
    return Date.now() - statSync(path).mtimeMs > emptyLockGraceMs;
  } catch {
    return false; // vanished meanwhile: just retry
  }
}

/** Runs `task` while holding `<dataDir>/stack.lock`, so concurrent starts do not race. */
export async function withStackLock<T>(dataDir: string, task: () => Promise<T>): Promise<T> {
  const path = join(dataDir, 'stack.lock');
  const deadline = Date.now() + waitLimitMs;
  while (!tryAcquire(path)) {
    if (isStale(path)) {
      try {
        unlinkSync(path);
      } catch {
        // another waiter removed it first
      }
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out waiting for ${path}; delete it if no local-stack process is running.`,
      );
    }
    await sleep(150);
  }
  try {
    return await task();
  } finally {
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  }
}
