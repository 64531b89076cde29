import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port';

const DIST = join(__dirname, '../../../dist');
const READY_TIMEOUT_MS = 45_000;

/** A compiled entry point running as a process of its own, on loopback. */
export interface CompiledProcess {
  /** Its entry point under `dist/`, for messages. */
  entry: string;
  url: string;
  child: ChildProcess;
  /** What it printed, line by line (only when started with `collectOutput`). */
  output: string[];
  /** Signals it (SIGTERM: a graceful shutdown) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface CompiledProcessOptions {
  /** The entry point under `dist/`: `apps/wiki-service/src/main.js`. */
  entry: string;
  /** Over the test process's own environment; HOST and PORT are set here. */
  env: Record<string, string>;
  /** Default: a free one. */
  port?: number;
  collectOutput?: boolean;
}

/** Starts the process without waiting for it: see `untilAnswering`. */
export async function launchCompiled(options: CompiledProcessOptions): Promise<CompiledProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [join(DIST, options.entry)], {
    env: { ...process.env, ...options.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: options.collectOutput ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  });
  const output: string[] = [];
  if (options.collectOutput) {
    // A line each stream has begun stays with that stream: stdout and stderr interleave.
    const collectLines = (stream: NodeJS.ReadableStream | null): void => {
      let partial = '';
      stream?.on('data', (chunk: Buffer) => {
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop() ?? '';
        output.push(...lines);
      });
    };
    collectLines(child.stdout);
    collectLines(child.stderr);
  }
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return { entry: options.entry, url: `http://127.0.0.1:${port}`, child, output, stop };
}

/** Resolves once `path` answers 200; fails when the process exits or the time runs out. */
export async function untilAnswering(
  started: CompiledProcess,
  path: string,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (started.child.exitCode !== null) {
      const printed = started.output.length > 0 ? `:\n${started.output.join('\n')}` : '';
      throw new Error(`${started.entry} exited with ${started.child.exitCode}${printed}`);
    }
    const answer = await fetch(`${started.url}${path}`).catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${started.entry} did not answer ${path} within ${timeoutMs / 1000} s`);
}

/** Launches the process and waits until `readyPath` answers; killed when it never does. */
export async function startCompiledProcess(
  options: CompiledProcessOptions & { readyPath: string },
): Promise<CompiledProcess> {
  const started = await launchCompiled(options);
  try {
    await untilAnswering(started, options.readyPath);
    return started;
  } catch (error) {
    await started.stop('SIGKILL');
    throw error;
  }
}
