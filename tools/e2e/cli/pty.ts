import { spawn } from 'node:child_process';
import { CW_BIN } from './cw-runner';

const quote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * `cw` on a real terminal: util-linux `script` gives it a PTY (stdin, stdout and stderr all
 * TTYs) and relays what the test writes as typed keys. `answers` are typed once their prompt
 * shows. Resolves with everything the terminal showed and the exit status.
 */
export function runCwOnPty(
  args: string[],
  env: Record<string, string | undefined>,
  answers: Array<{ after: RegExp; type: string }> = [],
  timeoutMs = 60_000,
): Promise<{ code: number; screen: string }> {
  const command = [process.execPath, CW_BIN, ...args].map(quote).join(' ');
  const child = spawn('script', ['--quiet', '--return', '--command', command, '/dev/null'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm-256color', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  const pending = [...answers];
  child.stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString();
    while (pending.length > 0 && pending[0].after.test(screen))
      child.stdin.write(pending.shift()!.type);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`cw on a terminal did not finish: ${screen}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      child.stdin.end();
      resolve({ code: code ?? -1, screen });
    });
  });
}
