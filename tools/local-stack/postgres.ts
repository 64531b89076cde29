import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePostgresBinaries, type PostgresBinaries } from './binaries';
import { ensureDatabase, superuser, waitUntilAnswering } from './postgres-client';
import {
  includeStackSettings,
  newLogLines,
  type PostgresPaths,
  postgresPaths,
  prepareDirectories,
  writeStackSettings,
} from './postgres-files';
import { removeStaleLockFiles, runningPostgres } from './postgres-pidfile';
import {
  PortTakenError,
  preferredPorts,
  readStackPorts,
  saveStackPort,
  startOnChosenPort,
} from './ports';
import { isRoot, type Log, run, type RunResult, runOrThrow } from './processes';
import { asUser, ensureSystemUser, type SystemUser } from './system-user';

/** Server-side commands: PostgreSQL refuses to run as root, so root runs them as `postgres`. */
class ServerCommands {
  constructor(
    private readonly binaries: PostgresBinaries,
    private readonly paths: PostgresPaths,
    private readonly owner: SystemUser | undefined,
  ) {}

  initdb(): Promise<RunResult> {
    const { pgdata } = this.paths;
    const args = ['-D', pgdata, '-U', superuser, '--auth=trust', '--encoding=UTF8', '--locale=C'];
    return this.run(this.binaries.initdb, args);
  }

  start(): Promise<RunResult> {
    const { pgdata, logFile } = this.paths;
    return this.run(this.binaries.pgCtl, ['start', '-D', pgdata, '-l', logFile, '-w', '-t', '120']);
  }

  stop(): Promise<RunResult> {
    const { pgdata } = this.paths;
    return this.run(this.binaries.pgCtl, ['stop', '-D', pgdata, '-m', 'fast', '-w', '-t', '60']);
  }

  private run(command: string, args: string[]): Promise<RunResult> {
    const [actual, actualArgs] = this.owner
      ? asUser(this.owner.name, command, args)
      : [command, args];
    return runOrThrow(actual, actualArgs, { cwd: this.paths.pgdata });
  }
}

const serverUser = () =>
  isRoot() ? ensureSystemUser('postgres', '/var/lib/postgresql') : Promise.resolve(undefined);

async function checkOwnerCanReach(paths: PostgresPaths, owner: SystemUser): Promise<void> {
  const [command, args] = asUser(owner.name, 'test', ['-w', paths.pgdata]);
  if ((await run(command, args)).code === 0) return;
  throw new Error(
    `The "${owner.name}" user cannot write ${paths.pgdata}: PostgreSQL will not run as root, so ` +
      'every folder above the data dir must be searchable by others (chmod o+x), or use another dataDir.',
  );
}

/** Starts (or reuses) the PostgreSQL of dataDir and returns its port. Call under the stack lock. */
export async function ensurePostgres(
  dataDir: string,
  log: Log,
  beforeBind?: (port: number) => Promise<void>,
): Promise<number> {
  const binaries = await ensurePostgresBinaries(log);
  const running = runningPostgres(dataDir);
  if (running) {
    await waitUntilAnswering(running.port, binaries);
    saveStackPort(dataDir, 'postgresPort', running.port);
    await ensureDatabase(running.port, binaries, log);
    return running.port;
  }

  const paths = postgresPaths(dataDir);
  const owner = await serverUser();
  prepareDirectories(paths, owner);
  if (owner) await checkOwnerCanReach(paths, owner);
  const commands = new ServerCommands(binaries, paths, owner);
  if (!existsSync(join(paths.pgdata, 'PG_VERSION'))) {
    log(`creating a PostgreSQL cluster in ${paths.pgdata}`);
    await commands.initdb();
    includeStackSettings(paths);
  }

  const saved = readStackPorts(dataDir);
  const port = await startOnChosenPort({
    wanted: saved.postgresPort ?? preferredPorts.postgresPort,
    avoid: [saved.redisPort ?? preferredPorts.redisPort],
    beforeBind,
    log,
    start: async (candidate) => {
      writeStackSettings(paths, candidate, owner);
      removeStaleLockFiles(dataDir);
      log(`starting PostgreSQL on 127.0.0.1:${candidate} (log: ${paths.logFile})`);
      const logOffset = statSync(paths.logFile).size;
      await commands.start().catch((error: Error) => {
        const reason = newLogLines(paths.logFile, logOffset, 3) || error.message;
        if (/Address already in use/.test(newLogLines(paths.logFile, logOffset, 20))) {
          throw new PortTakenError(candidate, `see ${paths.logFile}`);
        }
        throw new Error(`PostgreSQL did not start: ${reason} (see ${paths.logFile})`);
      });
      return candidate;
    },
  });
  saveStackPort(dataDir, 'postgresPort', port);
  await waitUntilAnswering(port, binaries);
  await ensureDatabase(port, binaries, log);
  return port;
}

export async function stopPostgres(dataDir: string, log: Log): Promise<void> {
  if (!runningPostgres(dataDir)) return;
  const binaries = await ensurePostgresBinaries(log);
  log('stopping PostgreSQL');
  await new ServerCommands(binaries, postgresPaths(dataDir), await serverUser()).stop();
}
