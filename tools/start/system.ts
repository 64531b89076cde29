import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { GATEWAY, SERVICE_NODE_FLAGS, SERVICES } from '@cw/platform';
import { choosePort } from '../local-stack/ports';
import { Supervisor } from './supervisor';

export type SystemMode = 'six-processes' | 'single-process';

export interface SystemOptions {
  mode: SystemMode;
  databaseUrl: string;
  redisUrl: string;
  gatewayPort: number;
  host?: string;
  /** Where each process writes its JSON log. */
  logDir: string;
  env?: Record<string, string>;
  /** Settings of one service only, by service name, over `env`. */
  envByService?: Partial<Record<string, Record<string, string>>>;
  /** Compiled entry points live here (dist/). */
  distDir: string;
  /**
   * Once every process is ready, restart one that dies (backoff, same port) instead of leaving
   * it down, as `npm start` does. Off by default: tests that kill a process expect it to stay dead.
   */
  supervise?: boolean;
  /** Console lines about restarts; default none. */
  say?: (line: string) => void;
}

export interface RunningProcess {
  name: string;
  url: string;
  /** The child running now: after a supervised restart, the new one. */
  readonly child: ChildProcess;
}

export interface RunningSystem {
  gatewayUrl: string;
  processes: RunningProcess[];
  /** Drains and stops every process it started; nothing is restarted once this began. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;

/** One service: its supervisor, its log, and the first line of what its current child wrote on stderr. */
class ServiceProcess implements RunningProcess {
  private readonly supervisor: Supervisor<ChildProcess>;
  private readonly log: WriteStream;
  private stderrHead = '';
  /** Settles once the current child's output has been read to its end. */
  private outputClosed: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly url: string,
    spawnChild: () => ChildProcess,
    logDir: string,
    say: (line: string) => void,
  ) {
    mkdirSync(logDir, { recursive: true });
    const logFile = join(logDir, `${name}.log`);
    this.log = createWriteStream(logFile, { flags: 'a' });
    this.supervisor = new Supervisor({
      name,
      logFile,
      say,
      spawn: () => {
        const child = spawnChild();
        this.stderrHead = '';
        this.outputClosed = new Promise((resolve) => child.once('close', () => resolve()));
        // Every child of this service writes into the one log: never end it with a child's output.
        child.stdout?.pipe(this.log, { end: false });
        child.stderr?.pipe(this.log, { end: false });
        child.stderr?.on('data', (chunk: Buffer) => {
          if (this.stderrHead.length < 4096) this.stderrHead += chunk.toString('utf8');
        });
        return child;
      },
    });
  }

  get child(): ChildProcess {
    return this.supervisor.child;
  }

  /** Why the child ended during start-up: the first line it wrote on stderr (a bad setting's one line). */
  async startupFailure(): Promise<string> {
    await this.outputClosed;
    const { exitCode, signalCode } = this.child;
    const ended = signalCode ? `signal ${signalCode}` : `exit code ${exitCode}`;
    const [firstLine] = this.stderrHead.split('\n').filter((line) => line.trim() !== '');
    const reason = firstLine?.replace(`${this.name}: `, '');
    return `${this.name} stopped during start-up (${ended})${reason ? `: ${reason}` : ''}`;
  }

  restartOnExit(): void {
    this.supervisor.restartOnExit();
  }

  async stop(): Promise<void> {
    await this.supervisor.stop(STOP_GRACE_MS);
    await this.outputClosed;
    await new Promise<void>((resolve) => this.log.end(resolve));
  }
}

async function waitUntilReady(process: ServiceProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null || process.child.signalCode !== null) {
      throw new Error(await process.startupFailure());
    }
    try {
      const response = await fetch(`${process.url}/ready`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${process.name} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

function launch(
  name: string,
  entry: string,
  port: number,
  options: SystemOptions,
  extraEnv: Record<string, string>,
): ServiceProcess {
  const host = options.host ?? '127.0.0.1';
  const spawnChild = (): ChildProcess =>
    spawn(process.execPath, [...SERVICE_NODE_FLAGS, join(options.distDir, entry)], {
      env: {
        ...process.env,
        ...options.env,
        ...options.envByService?.[name],
        ...extraEnv,
        SERVICE_NAME: name,
        PORT: String(port),
        HOST: host,
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  return new ServiceProcess(
    name,
    `http://${host}:${port}`,
    spawnChild,
    options.logDir,
    options.say ?? (() => undefined),
  );
}

/** Starts the services (six processes behind the gateway, or the one-process composition). */
export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  const processes: ServiceProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(processes.map((running) => running.stop()));
  };
  try {
    if (options.mode === 'single-process') {
      processes.push(
        launch(
          'single-process',
          'apps/api-gateway/src/single-process.js',
          options.gatewayPort,
          options,
          {},
        ),
      );
    } else {
      const serviceEnv: Record<string, string> = {};
      const taken = [options.gatewayPort];
      for (const service of SERVICES) {
        const port = await choosePort(service.defaultPort, taken);
        taken.push(port);
        // The mcp-server calls the REST routes, as the caller, through the gateway.
        const gatewayUrl = `http://${options.host ?? '127.0.0.1'}:${options.gatewayPort}`;
        const running = launch(service.name, `apps/${service.name}/src/main.js`, port, options, {
          MCP_API_URL: gatewayUrl,
        });
        serviceEnv[service.urlVariable] = running.url;
        processes.push(running);
      }
      processes.push(
        launch(
          GATEWAY.name,
          'apps/api-gateway/src/main.js',
          options.gatewayPort,
          options,
          serviceEnv,
        ),
      );
    }
    await Promise.all(processes.map(waitUntilReady));
  } catch (error) {
    await stop();
    throw error;
  }
  if (options.supervise) for (const running of processes) running.restartOnExit();
  return { gatewayUrl: processes.at(-1)!.url, processes, stop };
}
