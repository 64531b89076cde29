import { join } from 'node:path';
import { runMigrations } from '@cw/db';
import { loadConfig } from '@cw/platform';
import {
  ensureLocalStack,
  getLocalStackStatus,
  type LocalStackOptions,
  stopLocalStack,
} from '../local-stack/local-stack';
import { type DemoSeed, seedDemoIfEmpty } from './demo-seed';
import { DemoKeyMarker } from './demo-key-marker';
import { localStartSettings } from './local-settings';
import { StartConfig } from './start.config';
import { type RunningSystem, startSystem } from './system';
import { tryItLines } from './try-it';

const REPO_ROOT = join(__dirname, '../../..');
const say = (line = ''): void => void process.stdout.write(`${line}\n`);
const started = Date.now();
/** A progress line with the seconds since `npm start` began. */
const progress = (line: string): void =>
  say(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const CREDENTIALS_HINT =
  'A working API key and a password for the demo admin: npm run admin -- demo:credentials';

interface Stack {
  databaseUrl: string;
  redisUrl: string;
  /** Stops what this start brought up (nothing when the stack was given or already running). */
  stopIfStartedHere(): Promise<void>;
}

async function resolveStack(config: StartConfig, options: LocalStackOptions): Promise<Stack> {
  const { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } = config;
  if (databaseUrl && redisUrl) {
    return { databaseUrl, redisUrl, stopIfStartedHere: async () => undefined };
  }
  if (databaseUrl || redisUrl)
    throw new Error('Set both DATABASE_URL and REDIS_URL, or neither for the local stack.');
  const before = await getLocalStackStatus(options);
  const startedHere = !(before.postgres.answering && before.redis.answering);
  const stopIfStartedHere = async (): Promise<void> => {
    if (startedHere) await stopLocalStack(options);
  };
  try {
    const stack = await ensureLocalStack(options);
    return { databaseUrl: stack.databaseUrl, redisUrl: stack.redisUrl, stopIfStartedHere };
  } catch (error) {
    await stopIfStartedHere();
    throw error;
  }
}

async function main(): Promise<void> {
  const single = process.argv.includes('--single');
  const config = loadConfig(StartConfig);
  const dataDir = config.LOCAL_STACK_DATA_DIR ?? join(REPO_ROOT, '.data');
  const stack = await resolveStack(config, {
    dataDir,
    log: (line) => progress(`local stack: ${line}`),
  });
  progress(`stack: PostgreSQL and Redis answer (${redactedStack(stack)})`);
  const logDir = join(dataDir, 'logs');
  let system: RunningSystem | undefined;
  let stopping = false;
  const shutdown = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    say('\nstopping…');
    await system?.stop();
    await stack.stopIfStartedHere();
    say(`stopped; data stays in ${dataDir}/`);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  let demo: DemoSeed | null = null;
  const demoKey = new DemoKeyMarker(dataDir);
  try {
    progress('migrations: running');
    const applied = await runMigrations(stack.databaseUrl);
    progress(
      applied.length > 0
        ? `migrations: ${applied.length} applied, the last ${applied.at(-1)}`
        : 'migrations: up to date',
    );
    process.env.DATABASE_URL = stack.databaseUrl;
    process.env.REDIS_URL = stack.redisUrl;
    if (config.NODE_ENV !== 'production') {
      demo = await seedDemoIfEmpty();
      if (demo) demoKey.seeded();
    }
    progress(`services: starting ${single ? 'one process' : 'six processes'}`);
    system = await startSystem({
      mode: single ? 'single-process' : 'six-processes',
      databaseUrl: stack.databaseUrl,
      redisUrl: stack.redisUrl,
      gatewayPort: config.PORT,
      host: config.HOST,
      logDir,
      distDir: join(REPO_ROOT, 'dist'),
      env: localStartSettings(config.NODE_ENV),
      supervise: true,
      say: progress,
      readyTimeoutMs: config.START_READY_TIMEOUT_S * 1000,
      metrics: true,
      onReady: (running) => progress(`${running.name} ready at ${running.url}`),
    });
  } catch (error) {
    await stack.stopIfStartedHere();
    if (demoKey.neverShown()) (error as Error).message += `\n${CREDENTIALS_HINT}`;
    throw error;
  }

  const base = system.gatewayUrl;
  say('');
  say(
    `Company Wiki, Workflow and Report API is ready (${single ? 'one process' : 'six processes'}, ${((Date.now() - started) / 1000).toFixed(1)} s):`,
  );
  say(`  API        ${base}/api`);
  say(`  OpenAPI    ${base}/openapi.json`);
  say(`  MCP        ${base}/mcp`);
  say(`  Health     ${base}/health  ${base}/ready  ${base}/api/health/serving`);
  say(`  Logs       ${logDir}/`);
  say('  Metrics    (METRICS_PORT of each process)');
  for (const running of system.processes) {
    if (running.metricsUrl) say(`    ${running.name.padEnd(16)} ${running.metricsUrl}`);
  }
  if (demo) {
    say('');
    say(
      `Demo company "${demo.companyName}" with admin ${demo.adminEmail}. API key (shown once, six scopes):`,
    );
    say(`  ${demo.apiKey}`);
    say('Try it (bash, with jq):');
    for (const line of tryItLines(base, demo.apiKey)) say(line);
    demoKey.shown();
  } else if (demoKey.neverShown()) {
    say('');
    say("The first start's demo API key was never shown (that start failed after seeding).");
    say(CREDENTIALS_HINT);
  }
  say('');
  say('A process that stops is restarted (with backoff; each restart is reported here).');
  say('Ctrl-C stops everything this command started.');
}

/** The stack's addresses without credentials. */
function redactedStack(stack: Stack): string {
  const strip = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  };
  return `${strip(stack.databaseUrl)}, ${strip(stack.redisUrl)}`;
}

main().catch((error: unknown) => {
  process.stderr.write(`npm start failed: ${(error as Error).message}\n`);
  process.exit(1);
});
