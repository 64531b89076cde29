import { type ChildProcess, spawn } from 'node:child_process';
import { CW_BIN } from './cw-runner';

/** A `cw` still running: its output so far, lines awaited as they come, and its exit. */
export interface CwProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the first match of `pattern` in stderr, once it appears. */
  waitForStderr: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  exit: Promise<number>;
}

export function spawnCw(args: string[], env: Record<string, string | undefined>): CwProcess {
  const child = spawn(process.execPath, [CW_BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  const waitForStderr = (pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.stderr?.off('data', check);
        reject(new Error(`cw printed no ${pattern} on stderr: ${stderr}`));
      }, timeoutMs);
      const check = (): void => {
        const match = stderr.match(pattern);
        if (!match) return;
        clearTimeout(timer);
        child.stderr?.off('data', check);
        resolve(match);
      };
      child.stderr?.on('data', check);
      check();
    });
  return { child, stdout: () => stdout, stderr: () => stderr, waitForStderr, exit };
}
