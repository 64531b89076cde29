import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { ensureRedisBinary } from './binaries';
import { newLogLines } from './postgres-files';
import {
  PortTakenError,
  preferredPorts,
  readStackPorts,
  saveStackPort,
  startOnChosenPort,
} from './ports';
import { isProcessNamed, type Log, runOrThrow, sleep } from './processes';

const pidFile = (dataDir: string) => join(dataDir, 'redis.pid');

/** Sends one inline command and resolves the first reply line ('' when the server hangs up). */
function redisCommand(port: number, command: string, timeoutMs = 2_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let reply = '';
    const finish = (error?: Error) => {
      socket.destroy();
      if (error) reject(error);
      else resolve(reply.split('\r\n')[0]);
    };
    socket.setTimeout(timeoutMs, () =>
      finish(new Error(`Redis on port ${port} did not reply in time`)),
    );
    socket.on('connect', () => socket.write(`${command}\r\n`));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) finish();
    });
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish());
  });
}

export async function redisAnswers(port: number): Promise<boolean> {
  return (await redisCommand(port, 'PING').catch(() => '')) === '+PONG';
}

/** The pid of the redis-server that dataDir's pidfile names, when it is alive. */
export function runningRedis(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(pidFile(dataDir), 'utf8').trim());
    return isProcessNamed(pid, 'redis-server') ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    if (await check()) return true;
  }
  return false;
}

/** Starts (or reuses) the Redis of dataDir and returns its port. Call under the stack lock. */
export async function ensureRedis(
  dataDir: string,
  log: Log,
  beforeBind?: (port: number) => Promise<void>,
): Promise<number> {
  const saved = readStackPorts(dataDir);
  const running = runningRedis(dataDir);
  if (running && saved.redisPort !== undefined) {
    const port = saved.redisPort;
    if (await waitFor(() => redisAnswers(port), 30_000)) return port;
    throw new Error(`Redis (pid ${running}) is running but does not answer on port ${port}.`);
  }
  // Running without a recorded port (stack.json lost): restart it rather than run two on one dir.
  if (running) await stopRedisServer(dataDir, log);

  const redisServer = await ensureRedisBinary(log);
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  // Files an earlier, persistent local stack left: loaded at start, they would bring back jobs
  // and counters of long ago.
  rmSync(join(dir, 'dump.rdb'), { force: true });
  rmSync(join(dir, 'appendonlydir'), { recursive: true, force: true });
  const port = await startOnChosenPort({
    wanted: saved.redisPort ?? preferredPorts.redisPort,
    avoid: [saved.postgresPort ?? preferredPorts.postgresPort],
    beforeBind,
    log,
    start: (candidate) => startRedisServer(redisServer, dataDir, candidate, log),
  });
  saveStackPort(dataDir, 'redisPort', port);
  return port;
}

/** Launches a daemonized redis-server on port and waits until it, not another server, answers. */
async function startRedisServer(
  redisServer: string,
  dataDir: string,
  port: number,
  log: Log,
): Promise<number> {
  const logFile = join(dataDir, 'redis.log');
  log(`starting Redis on 127.0.0.1:${port} (log: ${logFile})`);
  rmSync(pidFile(dataDir), { force: true });
  const logOffset = existsSync(logFile) ? statSync(logFile).size : 0;
  await runOrThrow(redisServer, [
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--dir',
    join(dataDir, 'redis'),
    // No persistence: Redis holds queue jobs, job schedulers and counters, and PostgreSQL the truth
    // they are rebuilt from (the runs', deliveries' and schedules' reconcilers, the report-events
    // sweep). The append-only file cost Redis a fifth of its CPU per BullMQ job and forked it to
    // rewrite the file every minute or so of steady queue traffic (docs/benchmarks.md, "The local
    // stack's Redis keeps no files").
    '--appendonly',
    'no',
    '--save',
    '',
    '--daemonize',
    'yes',
    '--pidfile',
    pidFile(dataDir),
    '--logfile',
    logFile,
  ]);
  // The daemon binds after it forked (and after writing its pidfile): a PONG alone could come from
  // whoever took the port, so its own log must say it listens.
  const newLines = () => newLogLines(logFile, logOffset, 50);
  const bindFailed = () => /Address already in use/.test(newLines());
  const up = await waitFor(
    async () =>
      bindFailed() || (/Ready to accept connections/.test(newLines()) && redisAnswers(port)),
    30_000,
  );
  if (bindFailed()) throw new PortTakenError(port, `see ${logFile}`);
  if (!up) throw new Error(`Redis did not answer on 127.0.0.1:${port}; see ${logFile}.`);
  return port;
}

export async function stopRedisServer(dataDir: string, log: Log): Promise<void> {
  const pid = runningRedis(dataDir);
  if (!pid) return;
  log('stopping Redis');
  const port = readStackPorts(dataDir).redisPort;
  // SHUTDOWN stops Redis cleanly; signals are the fallback.
  if (port !== undefined) await redisCommand(port, 'SHUTDOWN').catch(() => '');
  // A zombie left for a non-reaping init has an empty cmdline, so this also counts it as gone.
  const stopped = () => !isProcessNamed(pid, 'redis-server');
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    if (await waitFor(stopped, 10_000)) return;
    try {
      process.kill(pid, signal);
    } catch {
      // exited meanwhile
    }
  }
  if (!(await waitFor(stopped, 5_000))) throw new Error(`Redis (pid ${pid}) did not stop.`);
}
