import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { GATEWAY, SERVICES } from '@cw/platform';
import { choosePort } from '../local-stack/ports';

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
  /** Compiled entry points live here (dist/). */
  distDir: string;
}

export interface RunningProcess {
  name: string;
  url: string;
  child: ChildProcess;
}

export interface RunningSystem {
  gatewayUrl: string;
  processes: RunningProcess[];
  /** Drains and stops every process it started. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;

async function waitUntilReady(process: RunningProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) {
      throw new Error(`${process.name} exited with code ${process.child.exitCode} during start-up`);
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
): RunningProcess {
  const host = options.host ?? '127.0.0.1';
  mkdirSync(options.logDir, { recursive: true });
  const log = createWriteStream(join(options.logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [join(options.distDir, entry)], {
    env: {
      ...process.env,
      ...options.env,
      ...extraEnv,
      SERVICE_NAME: name,
      PORT: String(port),
      HOST: host,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return { name, url: `http://${host}:${port}`, child };
}

function stopProcess(running: RunningProcess): Promise<void> {
  const { child } = running;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts the services (six processes behind the gateway, or the one-process composition). */
export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  const processes: RunningProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(processes.map(stopProcess));
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
        const running = launch(service.name, `apps/${service.name}/src/main.js`, port, options, {});
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
  return { gatewayUrl: processes.at(-1)!.url, processes, stop };
}
