import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ensurePostgresBinaries, ensureRedisBinary } from './binaries';
import { withStackLock } from './lock';
import { readStackPorts } from './ports';
import { ensurePostgres, stopPostgres } from './postgres';
import { databaseName, postgresAnswers } from './postgres-client';
import { runningPostgres } from './postgres-pidfile';
import { type Log } from './processes';
import { ensureRedis, redisAnswers, runningRedis, stopRedisServer } from './redis';

export interface LocalStack {
  databaseUrl: string;
  redisUrl: string;
  postgresPort: number;
  redisPort: number;
  dataDir: string;
}

export interface LocalStackOptions {
  /** Where the cluster, Redis files, logs and stack.json live; default `<repo root>/.data`. */
  dataDir?: string;
  /** Progress lines; default stderr. */
  log?: (line: string) => void;
  /** Called between choosing a server's port and its bind (tests take the port to force a race). */
  beforeBind?: (server: 'postgres' | 'redis', port: number) => Promise<void>;
}

export interface ServiceStatus {
  port: number | null;
  pid: number | null;
  answering: boolean;
}

export interface LocalStackStatus {
  dataDir: string;
  postgres: ServiceStatus & { databaseUrl: string | null };
  redis: ServiceStatus & { redisUrl: string | null };
}

export const databaseUrlFor = (port: number) =>
  `postgres://postgres@127.0.0.1:${port}/${databaseName}`;
export const redisUrlFor = (port: number) => `redis://127.0.0.1:${port}`;

function repoRoot(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${__dirname}.`);
  }
}

function resolveOptions(options: LocalStackOptions): { dataDir: string; log: Log } {
  const dataDir = resolve(options.dataDir ?? join(repoRoot(), '.data'));
  const log = options.log ?? ((line: string) => process.stderr.write(`local-stack: ${line}\n`));
  return { dataDir, log };
}

/** Starts PostgreSQL and Redis under dataDir, or reuses them when they already answer. */
export async function ensureLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const { dataDir, log } = resolveOptions(options);
  mkdirSync(dataDir, { recursive: true });
  return withStackLock(dataDir, async () => {
    // Both up front, so a missing Redis is reported (or installed) before PostgreSQL starts.
    await ensurePostgresBinaries(log);
    await ensureRedisBinary(log);
    const { beforeBind } = options;
    const postgresPort = await ensurePostgres(
      dataDir,
      log,
      beforeBind && ((port) => beforeBind('postgres', port)),
    );
    const redisPort = await ensureRedis(
      dataDir,
      log,
      beforeBind && ((port) => beforeBind('redis', port)),
    );
    return {
      databaseUrl: databaseUrlFor(postgresPort),
      redisUrl: redisUrlFor(redisPort),
      postgresPort,
      redisPort,
      dataDir,
    };
  });
}

/** Stops both servers; the data stays. Does nothing for what is not running. */
export async function stopLocalStack(options: LocalStackOptions = {}): Promise<void> {
  const { dataDir, log } = resolveOptions(options);
  if (!existsSync(dataDir)) return;
  await withStackLock(dataDir, async () => {
    await stopRedisServer(dataDir, log);
    await stopPostgres(dataDir, log);
  });
}

/** Stops only Redis (for tests of an outage); startRedis brings it back on the same port. */
export async function stopRedis(options: LocalStackOptions = {}): Promise<void> {
  const { dataDir, log } = resolveOptions(options);
  if (!existsSync(dataDir)) return;
  await withStackLock(dataDir, () => stopRedisServer(dataDir, log));
}

export async function startRedis(
  options: LocalStackOptions = {},
): Promise<{ redisUrl: string; redisPort: number }> {
  const { dataDir, log } = resolveOptions(options);
  mkdirSync(dataDir, { recursive: true });
  const redisPort = await withStackLock(dataDir, () => ensureRedis(dataDir, log));
  return { redisUrl: redisUrlFor(redisPort), redisPort };
}

/** What runs and answers under dataDir; starts nothing. */
export async function getLocalStackStatus(
  options: LocalStackOptions = {},
): Promise<LocalStackStatus> {
  const { dataDir } = resolveOptions(options);
  const postgres = runningPostgres(dataDir);
  const redisPid = runningRedis(dataDir);
  const redisPort = readStackPorts(dataDir).redisPort ?? null;
  const postgresUp = postgres ? await postgresAnswers(postgres.port) : false;
  const redisUp = redisPid && redisPort !== null ? await redisAnswers(redisPort) : false;
  return {
    dataDir,
    postgres: {
      port: postgres?.port ?? readStackPorts(dataDir).postgresPort ?? null,
      pid: postgres?.pid ?? null,
      answering: postgresUp,
      databaseUrl: postgresUp && postgres ? databaseUrlFor(postgres.port) : null,
    },
    redis: {
      port: redisPort,
      pid: redisPid ?? null,
      answering: redisUp,
      redisUrl: redisUp && redisPort !== null ? redisUrlFor(redisPort) : null,
    },
  };
}
