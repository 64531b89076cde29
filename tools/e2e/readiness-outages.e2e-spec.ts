import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runMigrations } from '@cw/db';
import type { ReadinessDto, ReadinessEntryDto, SystemReadinessDto } from '@cw/platform';
import { call, TEST_ACCEPTANCE_SECRET } from '@cw/testing';
import {
  ensureLocalStack,
  startRedis,
  stopLocalStack,
  stopRedis,
} from '../local-stack/local-stack';
import { freePort } from '../local-stack/ports';
import { type RunningProcess, type RunningSystem, startSystem } from '../start/system';

const REPO_ROOT = join(__dirname, '../..');
/** A PostgreSQL and Redis of this file's own: stopping them disturbs no other test. */
const STACK = { dataDir: join(REPO_ROOT, '.data', `e2e-readiness-${process.pid}`), log: () => {} };
/** The kubelet's readiness probe timeout (k8s/base): every /ready must answer inside it. */
const PROBE_TIMEOUT_MS = 2_000;

interface ReadyView {
  status: number;
  elapsedMs: number;
  checks: Record<string, ReadinessEntryDto>;
  system?: SystemReadinessDto;
}

interface NotReadyBody {
  error: { code: string; details: { checks: ReadyView['checks']; system?: SystemReadinessDto } };
}

async function readyOf(process: RunningProcess): Promise<ReadyView> {
  const started = Date.now();
  const result = await call<ReadinessDto | NotReadyBody>(process.url, 'GET', '/ready');
  const elapsedMs = Date.now() - started;
  if (result.status === 200) {
    const body = result.body as ReadinessDto;
    return { status: 200, elapsedMs, checks: body.checks, system: body.system };
  }
  const { error } = result.body as NotReadyBody;
  expect({ code: error.code, retryAfter: result.headers.get('retry-after') }).toEqual({
    code: 'SERVICE_UNAVAILABLE',
    retryAfter: '1',
  });
  return { status: result.status, elapsedMs, ...error.details };
}

/** Polls every process until each /ready satisfies `done`; fails on an answer over 2 s. */
async function untilEvery(
  system: RunningSystem,
  done: (view: ReadyView) => boolean,
): Promise<Map<string, ReadyView>> {
  const views = new Map<string, ReadyView>();
  for (const deadline = Date.now() + 40_000; Date.now() < deadline;) {
    for (const process of system.processes) {
      const view = await readyOf(process);
      expect({ process: process.name, fast: view.elapsedMs < PROBE_TIMEOUT_MS }).toEqual({
        process: process.name,
        fast: true,
      });
      views.set(process.name, view);
    }
    if ([...views.values()].every(done)) return views;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `not every process got there within 40 s: ${JSON.stringify(Object.fromEntries(views))}`,
  );
}

const down = (view: ReadyView, entry: string): boolean =>
  view.status === 503 && view.checks[entry]?.status === 'down';

/** Long enough for several reconnect attempts of every connection (each one used to log). */
const holdOutage = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 4_000));

/**
 * Six processes on a stack of their own: `/ready` lists every dependency, turns 503 within the
 * probe timeout while PostgreSQL or Redis is stopped and 200 again once it is back, and no
 * process writes a line that is not JSON, outage included.
 */
describe('readiness through PostgreSQL and Redis outages', () => {
  let system: RunningSystem;
  let logDir: string;

  beforeAll(async () => {
    const stack = await ensureLocalStack(STACK);
    await runMigrations(stack.databaseUrl);
    logDir = join(STACK.dataDir, 'logs');
    system = await startSystem({
      mode: 'six-processes',
      databaseUrl: stack.databaseUrl,
      redisUrl: stack.redisUrl,
      gatewayPort: await freePort(),
      logDir,
      distDir: join(REPO_ROOT, 'dist'),
      env: {
        ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
        QUEUE_PREFIX: `cwready-${process.pid}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
      },
    });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    await stopLocalStack(STACK);
    rmSync(STACK.dataDir, { recursive: true, force: true });
  }, 60_000);

  it('lists every dependency, and the gateway every service', async () => {
    const views = await untilEvery(system, (view) => view.status === 200);
    for (const [name, view] of views) {
      expect({ name, entries: Object.keys(view.checks) }).toEqual({
        name,
        entries: expect.arrayContaining(['database', 'redis', 'migrations', 'backfills']) as [],
      });
    }
    expect(Object.keys(views.get('workflow-runner')?.checks ?? {})).toEqual(
      expect.arrayContaining(['queue:workflow-runs', 'queue:workflow-schedules']),
    );
    const gateway = views.get('api-gateway')?.system;
    expect(gateway?.status).toBe('up');
    expect(Object.keys(gateway?.services ?? {}).sort()).toEqual(
      system.processes
        .map((each) => each.name)
        .filter((name) => name !== 'api-gateway')
        .sort(),
    );
  });

  it('turns 503 with redis down while Redis is stopped, and 200 once it is back', async () => {
    await stopRedis(STACK);
    const views = await untilEvery(system, (view) => down(view, 'redis'));
    expect(views.get('workflow-runner')?.checks['queue:workflow-runs']?.status).toBe('down');
    expect(views.get('api-gateway')?.checks.database?.status).toBe('up');
    await holdOutage();
    await startRedis(STACK);
    await untilEvery(system, (view) => view.status === 200);
  }, 120_000);

  it('turns 503 with database down while PostgreSQL is stopped, and 200 once it is back', async () => {
    // Stopping the stack and bringing Redis back leaves only PostgreSQL down.
    await stopLocalStack(STACK);
    await startRedis(STACK);
    const views = await untilEvery(system, (view) => down(view, 'database'));
    expect(views.get('api-gateway')?.system?.status).toBe('degraded');
    await holdOutage();
    await ensureLocalStack(STACK);
    await untilEvery(system, (view) => view.status === 200);
  }, 120_000);

  it('wrote only JSON lines to every log, outages included', () => {
    const files = readdirSync(logDir);
    expect(files.length).toBe(system.processes.length);
    for (const file of files) {
      const lines = readFileSync(join(logDir, file), 'utf8').split('\n').filter(Boolean);
      const notJson = lines.filter((line) => {
        try {
          return typeof JSON.parse(line) !== 'object';
        } catch {
          return true;
        }
      });
      expect({ file, notJson: notJson.slice(0, 3) }).toEqual({ file, notJson: [] });
    }
  });
});
