import { join } from 'node:path';
import { runMigrations } from '@cw/db';
import { loadConfig } from '@cw/platform';
import { ensureLocalStack, getLocalStackStatus, stopLocalStack } from '../local-stack/local-stack';
import { seedDemoIfEmpty } from './demo-seed';
import { StartConfig } from './start.config';
import { type RunningSystem, startSystem } from './system';

const REPO_ROOT = join(__dirname, '../../..');
const say = (line = ''): void => void process.stdout.write(`${line}\n`);

interface Stack {
  databaseUrl: string;
  redisUrl: string;
  /** Stop it on exit only when this start brought it up. */
  startedHere: boolean;
}

async function resolveStack(config: StartConfig): Promise<Stack> {
  const { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } = config;
  if (databaseUrl && redisUrl) return { databaseUrl, redisUrl, startedHere: false };
  if (databaseUrl || redisUrl)
    throw new Error('Set both DATABASE_URL and REDIS_URL, or neither for the local stack.');
  const before = await getLocalStackStatus();
  const stack = await ensureLocalStack({ log: (line) => say(`local stack: ${line}`) });
  return {
    databaseUrl: stack.databaseUrl,
    redisUrl: stack.redisUrl,
    startedHere: !(before.postgres.answering && before.redis.answering),
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  const single = process.argv.includes('--single');
  const config = loadConfig(StartConfig);
  const stack = await resolveStack(config);
  const applied = await runMigrations(stack.databaseUrl);
  if (applied.length > 0) say(`migrations applied: ${applied.join(', ')}`);
  process.env.DATABASE_URL = stack.databaseUrl;
  process.env.REDIS_URL = stack.redisUrl;
  const demo = config.NODE_ENV === 'production' ? null : await seedDemoIfEmpty();

  const logDir = join(REPO_ROOT, '.data', 'logs');
  let stopSystem: () => Promise<void> = async () => undefined;
  let stopping = false;
  const shutdown = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    say('\nstopping…');
    await stopSystem();
    if (stack.startedHere) await stopLocalStack({ log: (line) => say(`local stack: ${line}`) });
    say('stopped; data stays in .data/');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  const system: RunningSystem = await startSystem({
    mode: single ? 'single-process' : 'six-processes',
    databaseUrl: stack.databaseUrl,
    redisUrl: stack.redisUrl,
    gatewayPort: config.PORT,
    host: config.HOST,
    logDir,
    distDir: join(REPO_ROOT, 'dist'),
  });
  stopSystem = () => system.stop();
  for (const running of system.processes) {
    running.child.once('exit', (code, signal) => {
      if (stopping) return;
      say(
        `${running.name} stopped unexpectedly (${signal ?? `exit ${code}`}); see ${join(logDir, `${running.name}.log`)}`,
      );
      void shutdown(1);
    });
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
  if (demo) {
    say('');
    say(
      `Demo company "${demo.companyName}" with admin ${demo.adminEmail}. API key (shown once, six scopes):`,
    );
    say(`  ${demo.apiKey}`);
    say('Try it:');
    for (const line of tryItLines(base, demo.apiKey)) say(line);
  }
  say('');
  say('Ctrl-C stops everything this command started.');
}

/** A wiki write and search, then a workflow saved from an explicit plan, run, and its report. */
function tryItLines(base: string, key: string): string[] {
  const auth = `-H "Authorization: Bearer ${key}"`;
  const json = `${auth} -H 'content-type: application/json'`;
  const plan = JSON.stringify({
    start_as: 'active',
    intent: {
      name: 'Greeting',
      inputs: [{ name: 'who', type: 'text', required: true }],
      steps: [{ id: 'greet', block: 'text.compose', template: 'Hello, {{inputs.who}}.' }],
      deliverables: [{ name: 'greeting', required: true, from_step: 'greet' }],
    },
  });
  return [
    `  curl -s ${json} \\`,
    `    -d '{"title":"Welcome","markdown":"Hello, wiki.","path":"/Company"}' ${base}/api/wiki/pages/upserts`,
    `  curl -s ${auth} '${base}/api/wiki/search?q=hello'`,
    `  curl -s ${json} -d '${plan}' \\`,
    `    ${base}/api/workflows/blocks/design`,
    `  curl -s ${json} -d '{"inputs":{"who":"team"}}' ${base}/api/workflows/1/run`,
    `  curl -s ${auth} ${base}/api/reports/<run_id of the answer>`,
  ];
}

main().catch((error: unknown) => {
  process.stderr.write(`npm start failed: ${(error as Error).message}\n`);
  process.exit(1);
});
