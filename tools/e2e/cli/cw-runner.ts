import { execFile } from 'node:child_process';
import { join } from 'node:path';

const REPO_ROOT = join(__dirname, '../../..');
/** The bin as package.json names it: the shim that runs dist/apps/cli. */
export const CW_BIN = join(REPO_ROOT, 'apps/cli/bin/cw.js');
export const SCRIPTED_EDITOR = join(__dirname, 'scripted-editor.js');

export interface CwResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (for --json runs). */
  json: <T = Record<string, unknown>>() => T;
}

/** Runs the built `cw` as a subprocess, with its own config folder and no terminal. */
export function runCw(
  args: string[],
  options: { env: Record<string, string | undefined>; stdin?: string; timeoutMs?: number },
): Promise<CwResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [CW_BIN, ...args],
      {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
        timeout: options.timeoutMs ?? 60_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        if (error && code === -1) return reject(new Error(`cw did not finish: ${error.message}`));
        resolve({
          code,
          stdout,
          stderr,
          json: <T>() => {
            try {
              return JSON.parse(stdout) as T;
            } catch {
              throw new Error(`cw ${args.join(' ')} printed no JSON: ${stdout}\n${stderr}`);
            }
          },
        });
      },
    );
    child.stdin?.end(options.stdin ?? '');
  });
}
