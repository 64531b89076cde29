import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface StackPorts {
  postgresPort: number;
  redisPort: number;
}

export const preferredPorts: StackPorts = { postgresPort: 54329, redisPort: 63799 };

const stackFile = (dataDir: string) => join(dataDir, 'stack.json');

export function readStackPorts(dataDir: string): Partial<StackPorts> {
  try {
    const saved = JSON.parse(readFileSync(stackFile(dataDir), 'utf8')) as Partial<StackPorts>;
    const valid = (port: unknown) => (Number.isInteger(port) ? (port as number) : undefined);
    return { postgresPort: valid(saved.postgresPort), redisPort: valid(saved.redisPort) };
  } catch {
    return {};
  }
}

export function saveStackPort(dataDir: string, key: keyof StackPorts, port: number): void {
  const ports = { ...readStackPorts(dataDir), [key]: port };
  const temporary = `${stackFile(dataDir)}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(ports, null, 2)}\n`);
  renameSync(temporary, stackFile(dataDir));
}

/** Resolves the bound port, or undefined when 127.0.0.1:port cannot be bound. */
function tryListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });
}

export const isPortFree = async (port: number) => (await tryListen(port)) !== undefined;

/** The wanted port when free, otherwise one the OS hands out (never one in `avoid`). */
export async function choosePort(wanted: number, avoid: number[] = []): Promise<number> {
  if (!avoid.includes(wanted) && (await isPortFree(wanted))) return wanted;
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await tryListen(0);
    if (port !== undefined && !avoid.includes(port)) return port;
  }
  throw new Error('Could not find a free TCP port on 127.0.0.1.');
}

/** A port the OS considers free right now. */
export async function freePort(): Promise<number> {
  const port = await tryListen(0);
  if (port === undefined) throw new Error('Could not find a free TCP port on 127.0.0.1.');
  return port;
}

/** A server that could not bind its port: another process took it after the port was chosen. */
export class PortTakenError extends Error {
  constructor(
    readonly port: number,
    detail: string,
  ) {
    super(`port ${port} was taken before it could be bound (${detail})`);
  }
}

export interface StartOnPortOptions<T> {
  /** The port to try first (kept when free). */
  wanted: number;
  /** Ports never chosen (the stack's other server, the other services). */
  avoid?: number[];
  /** Binds and starts on `port`; throws PortTakenError when the bind lost a race. */
  start: (port: number) => Promise<T>;
  /** Called between choosing the port and starting (tests take the port here to force the race). */
  beforeBind?: (port: number) => Promise<void>;
  /** One line per retry. */
  log?: (line: string) => void;
  attempts?: number;
}

/**
 * Chooses a free port and starts on it; when the bind finds it taken (the free-port check and the
 * bind are two steps, and another process may come between them), chooses another port and tries
 * again, never one that was lost before.
 */
export async function startOnChosenPort<T>(options: StartOnPortOptions<T>): Promise<T> {
  const avoid = [...(options.avoid ?? [])];
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    const port = await choosePort(options.wanted, avoid);
    await options.beforeBind?.(port);
    try {
      return await options.start(port);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= attempts) throw error;
      options.log?.(`${error.message}; trying another port`);
      avoid.push(port);
    }
  }
}
