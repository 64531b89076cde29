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
  /** Console lines about restarts and lost port races; default none. */
  say?: (line: string) => void;
  /** How long each process may take to answer `/ready`; default 180 s. */
  readyTimeoutMs?: number;
  /** Each process as it becomes ready (for progress lines). */
  onReady?: (process: RunningProcess) => void;
  /** Gives each process a `METRICS_PORT` of its own (from 9464 on), reported as `metricsUrl`. */
  metrics?: boolean;
  /** Called between choosing a service's ports and its launch (tests take a port to force a race). */
  beforeLaunch?: (name: string, ports: number[]) => Promise<void>;
}

export interface RunningProcess {
  name: string;
  url: string;
  /** `http://host:METRICS_PORT/metrics`, when the system was started with `metrics`. */
  metricsUrl?: string;
  logFile: string;
  /** The child running now: after a supervised restart, the new one. */
  readonly child: ChildProcess;
}

export interface RunningSystem {
  gatewayUrl: string;
  processes: RunningProcess[];
  /** Drains and stops every process it started; nothing is restarted once this began. */
  stop(): Promise<void>;
}

const DEFAULT_READY_TIMEOUT_MS = 180_000;
const FIRST_METRICS_PORT = 9464;
/** A service whose port was taken between the free-port check and its bind chooses again. */
const LAUNCH_ATTEMPTS = 5;
const STOP_GRACE_MS = 10_000;

/** One service: its supervisor, its log, and the first line of what its current child wrote on stderr. */
class ServiceProcess implements RunningProcess {
  private readonly supervisor: Supervisor<ChildProcess>;
  private readonly log: WriteStream;
  readonly logFile: string;
  private stderrHead = '';
  /**
   * The current child said it listens on its port (`runService` tells its parent over IPC).
   * Until then an answer on the port may come from another process that holds it (another
   * system on this machine), and must not count as this service being ready.
   */
  listening = false;
  /** Settles once the current child's output has been read to its end. */
  private outputClosed: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly url: string,
    readonly metricsUrl: string | undefined,
    port: number,
    spawnChild: () => ChildProcess,
    logDir: string,
    say: (line: string) => void,
  ) {
    mkdirSync(logDir, { recursive: true });
    const logFile = join(logDir, `${name}.log`);
    this.logFile = logFile;
    this.log = createWriteStream(logFile, { flags: 'a' });
    this.supervisor = new Supervisor({
      name,
      logFile,
      say,
      spawn: () => {
        const child = spawnChild();
        this.stderrHead = '';
        this.listening = false;
        this.outputClosed = new Promise((resolve) => child.once('close', () => resolve()));
        // Every child of this service writes into the one log: never end it with a child's output.
        child.stdout?.pipe(this.log, { end: false });
        child.stderr?.pipe(this.log, { end: false });
        child.on('message', (message: { type?: unknown; port?: unknown }) => {
          if (message?.type === 'listening' && message.port === port) this.listening = true;
        });
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

  /** Whether the child ended during start-up because one of its ports was taken. */
  async lostPortRace(): Promise<boolean> {
    await this.outputClosed;
    return /EADDRINUSE/.test(this.stderrHead);
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

class PortRaceLost extends Error {}

async function waitUntilReady(process: ServiceProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null || process.child.signalCode !== null) {
      if (await process.lostPortRace()) throw new PortRaceLost(await process.startupFailure());
      throw new Error(await process.startupFailure());
    }
    try {
      if (process.listening) {
        const response = await fetch(`${process.url}/ready`);
        if (response.status === 200) return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${process.name} was not ready within ${timeoutMs / 1000} s (its log: ${process.logFile}); ` +
      'on a busy machine, raise START_READY_TIMEOUT_S',
  );
}

interface Ports {
  port: number;
  metricsPort?: number;
}

function launch(
  name: string,
  entry: string,
  ports: Ports,
  options: SystemOptions,
  extraEnv: Record<string, string>,
): ServiceProcess {
  const host = options.host ?? '127.0.0.1';
  const { port, metricsPort } = ports;
  const spawnChild = (): ChildProcess =>
    spawn(process.execPath, [...SERVICE_NODE_FLAGS, join(options.distDir, entry)], {
      env: {
        ...process.env,
        ...options.env,
        ...options.envByService?.[name],
        ...extraEnv,
        ...(metricsPort === undefined ? {} : { METRICS_PORT: String(metricsPort) }),
        SERVICE_NAME: name,
        PORT: String(port),
        HOST: host,
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
  return new ServiceProcess(
    name,
    `http://${host}:${port}`,
    metricsPort === undefined ? undefined : `http://${host}:${metricsPort}/metrics`,
    port,
    spawnChild,
    options.logDir,
    options.say ?? (() => undefined),
  );
}

/** Ports handed to the processes launched so far, so no two children are given the same one. */
class PortBook {
  private readonly taken: number[];
  private nextMetricsPort = FIRST_METRICS_PORT;

  constructor(reserved: number[]) {
    this.taken = [...reserved];
  }

  /** `port` as given (already reserved), or the wanted one when free; a metrics port when asked. */
  async choose(port: { fixed: number } | { wanted: number }, metrics: boolean): Promise<Ports> {
    return {
      port: 'fixed' in port ? port.fixed : await this.pick(port.wanted),
      metricsPort: metrics ? await this.pick(this.nextMetricsPort++) : undefined,
    };
  }

  /** A port once handed out stays taken, so a port that lost a race is not chosen again. */
  private async pick(wanted: number): Promise<number> {
    const port = await choosePort(wanted, this.taken);
    this.taken.push(port);
    return port;
  }
}

/**
 * Launches one process and waits until it is ready; when it stopped because a port it was handed
 * was taken meanwhile (the check and the bind are two steps), launches it again on other ports.
 */
async function launchUntilReady(
  name: string,
  choosePorts: () => Promise<Ports>,
  start: (ports: Ports) => ServiceProcess,
  options: SystemOptions,
  launched: ServiceProcess[],
): Promise<ServiceProcess> {
  for (let attempt = 1; ; attempt++) {
    const ports = await choosePorts();
    await options.beforeLaunch?.(name, [
      ports.port,
      ...(ports.metricsPort ? [ports.metricsPort] : []),
    ]);
    const running = start(ports);
    launched.push(running);
    try {
      await waitUntilReady(running, options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS);
      options.onReady?.(running);
      return running;
    } catch (error) {
      if (!(error instanceof PortRaceLost) || attempt >= LAUNCH_ATTEMPTS) throw error;
      options.say?.(`${error.message}; starting it again on other ports`);
      await running.stop();
      launched.splice(launched.indexOf(running), 1);
    }
  }
}

/**
 * Starts the services: six processes (the five services, then the gateway once it knows where
 * they listen), or the one-process composition.
 */
export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  const processes: ServiceProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(processes.map((running) => running.stop()));
  };
  const metrics = options.metrics ?? false;
  const book = new PortBook([options.gatewayPort]);
  // The gateway keeps the port it was given: it is the API's address.
  const gatewayPorts = () => book.choose({ fixed: options.gatewayPort }, metrics);
  try {
    if (options.mode === 'single-process') {
      await launchUntilReady(
        'single-process',
        gatewayPorts,
        (ports) =>
          launch('single-process', 'apps/api-gateway/src/single-process.js', ports, options, {}),
        options,
        processes,
      );
    } else {
      // The mcp-server calls the REST routes, as the caller, through the gateway.
      const gatewayUrl = `http://${options.host ?? '127.0.0.1'}:${options.gatewayPort}`;
      const services = await Promise.all(
        SERVICES.map((service) =>
          launchUntilReady(
            service.name,
            () => book.choose({ wanted: service.defaultPort }, metrics),
            (ports) =>
              launch(service.name, `apps/${service.name}/src/main.js`, ports, options, {
                MCP_API_URL: gatewayUrl,
              }),
            options,
            processes,
          ),
        ),
      );
      const serviceEnv = Object.fromEntries(
        SERVICES.map((service, index) => [service.urlVariable, services[index].url]),
      );
      await launchUntilReady(
        GATEWAY.name,
        gatewayPorts,
        (ports) => launch(GATEWAY.name, 'apps/api-gateway/src/main.js', ports, options, serviceEnv),
        options,
        processes,
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  if (options.supervise) for (const running of processes) running.restartOnExit();
  return { gatewayUrl: processes.at(-1)!.url, processes, stop };
}
