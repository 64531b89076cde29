import { spawn } from 'node:child_process';

export interface ExampleResult {
  /** Exit code of bash; null when it was killed. */
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface ExampleOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /**
   * Where the shell variables an example sets are kept for the next example of its page, as
   * a reader's terminal keeps them from one block to the next.
   */
  stateFile: string;
  timeoutMs: number;
}

/** Grace for the output pipes to close once bash ended and what it left running was stopped. */
const CLOSE_GRACE_MS = 5_000;

/**
 * The script bash runs: strict mode, the page's variables so far, `curl` failing on any answer
 * that is not 2xx (the body still printed), the example, then the variables it set, saved.
 */
function scriptOf(code: string): string {
  return [
    'set -euo pipefail',
    '__example_known=" $(compgen -v | tr "\\n" " ") "',
    'if [ -s "$EXAMPLE_STATE_FILE" ]; then source "$EXAMPLE_STATE_FILE"; fi',
    'curl() { command curl --fail-with-body "$@"; }',
    code,
    '',
    'for __example_name in $(compgen -v); do',
    '  case "$__example_known" in *" $__example_name "*) continue ;; esac',
    '  declare -p "$__example_name"',
    'done > "$EXAMPLE_STATE_FILE.next"',
    'mv "$EXAMPLE_STATE_FILE.next" "$EXAMPLE_STATE_FILE"',
  ].join('\n');
}

const stopGroup = (pid: number | undefined, signal: NodeJS.Signals): void => {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
};

/**
 * Runs one shell example with bash in a process group of its own. When bash ends, whatever the
 * example left running (a receiver started with `&`) is stopped with it.
 */
export function runExample(code: string, options: ExampleOptions): Promise<ExampleResult> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', scriptOf(code)], {
      cwd: options.cwd,
      env: { ...options.env, EXAMPLE_STATE_FILE: options.stateFile },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let exited: number | null = null;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const deadline = setTimeout(() => {
      timedOut = true;
      stopGroup(child.pid, 'SIGKILL');
    }, options.timeoutMs);
    let settled = false;
    const settle = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ code: exited, stdout, stderr, timedOut });
    };
    child.once('exit', (exitCode) => {
      exited = exitCode;
      stopGroup(child.pid, 'SIGTERM');
      setTimeout(settle, CLOSE_GRACE_MS).unref();
    });
    child.once('close', settle);
  });
}

/** What a reader would have seen of an example that failed: how it ended, and its output. */
export function failureOf(result: ExampleResult): string {
  const ended = result.timedOut ? 'was stopped at its deadline' : `exited with ${result.code}`;
  return `the example ${ended}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
}
