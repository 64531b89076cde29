import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ReadinessEntryDto, SystemReadinessDto } from '@cw/platform';
import { expectThat, type Drill } from './drill';
import type { DrillSystem } from './drill-system';

/** The kubelet's readiness probe timeout (k8s/base): every /ready must answer inside it. */
const PROBE_TIMEOUT_MS = 2_000;
const TRANSITION_TIMEOUT_MS = 40_000;

interface ReadyView {
  name: string;
  status: number;
  elapsedMs: number;
  checks: Record<string, ReadinessEntryDto>;
  system?: SystemReadinessDto;
}

interface ReadyBody {
  checks?: ReadyView['checks'];
  system?: SystemReadinessDto;
  error?: { details?: { checks?: ReadyView['checks']; system?: SystemReadinessDto } };
}

async function readyOf(name: string, url: string): Promise<ReadyView> {
  const started = Date.now();
  const response = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(10_000) });
  const body = (await response.json()) as ReadyBody;
  const elapsedMs = Date.now() - started;
  const { checks = {}, system } = body.error?.details ?? body;
  return { name, status: response.status, elapsedMs, checks, system };
}

function describeView(view: ReadyView): string {
  const entries = Object.entries(view.checks).map(
    ([entry, { status, latency_ms, message }]) =>
      `${entry} ${status} ${latency_ms}ms${message ? ` (${message})` : ''}`,
  );
  return `${view.name} ${view.status} in ${view.elapsedMs} ms: ${entries.join(', ')}`;
}

function describeServices(system: SystemReadinessDto | undefined): string {
  const services = Object.entries(system?.services ?? {}).map(
    ([name, { status, message }]) => `${name} ${status}${message ? ` (${message})` : ''}`,
  );
  return `system ${system?.status ?? 'missing'}: ${services.join(', ')}`;
}

/** Polls all seven processes until each /ready satisfies `done`; any answer over 2 s fails. */
async function untilEvery(
  drills: DrillSystem,
  what: string,
  done: (view: ReadyView) => boolean,
): Promise<{ views: ReadyView[]; seconds: number; slowestMs: number }> {
  const started = Date.now();
  let slowestMs = 0;
  let views: ReadyView[] = [];
  while (Date.now() - started < TRANSITION_TIMEOUT_MS) {
    views = await Promise.all(
      drills.system.processes.map((process) => readyOf(process.name, process.url)),
    );
    slowestMs = Math.max(slowestMs, ...views.map((view) => view.elapsedMs));
    expectThat(
      slowestMs < PROBE_TIMEOUT_MS,
      `a /ready took ${slowestMs} ms, over the ${PROBE_TIMEOUT_MS} ms probe timeout`,
    );
    if (views.every(done)) return { views, seconds: (Date.now() - started) / 1000, slowestMs };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stuck = views.filter((view) => !done(view)).map(describeView);
  throw new Error(`not every process ${what} within 40 s: ${stuck.join(' | ')}`);
}

const entryDown = (entry: string) => (view: ReadyView) =>
  view.status === 503 && view.checks[entry]?.status === 'down';
const ready = (view: ReadyView): boolean => view.status === 200;

async function outage(
  drills: DrillSystem,
  entry: string,
  stop: () => Promise<void>,
  start: () => Promise<void>,
): Promise<string[]> {
  await stop();
  const down = await untilEvery(drills, `reported ${entry} down`, entryDown(entry));
  // A few reconnect attempts long: each used to write an `[ioredis] Unhandled error event`.
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  await start();
  const back = await untilEvery(drills, 'was ready again', ready);
  const sample = down.views.find((view) => view.name === 'workflow-runner') ?? down.views[0];
  return [
    `${entry} stopped: all 7 answered 503 with ${entry} down after ${down.seconds.toFixed(1)} s, slowest /ready ${down.slowestMs} ms`,
    `  ${describeView(sample)}`,
    `${entry} back: all 7 ready after ${back.seconds.toFixed(1)} s`,
  ];
}

async function frozenService(drills: DrillSystem): Promise<string[]> {
  const wiki = drills.process('wiki-service').child;
  const gateway = drills.process('api-gateway');
  wiki.kill('SIGSTOP');
  try {
    const view = await readyOf(gateway.name, gateway.url);
    const entry = view.system?.services['wiki-service'];
    expectThat(
      view.status === 200 && view.system?.status === 'degraded' && entry?.status === 'down',
      `gateway with a frozen wiki-service: ${describeView(view)}; ${describeServices(view.system)}`,
    );
    expectThat(
      view.elapsedMs < PROBE_TIMEOUT_MS,
      `the gateway's /ready took ${view.elapsedMs} ms with a frozen service`,
    );
    return [
      `wiki-service frozen (SIGSTOP): gateway /ready 200 in ${view.elapsedMs} ms, ${describeServices(view.system)}`,
    ];
  } finally {
    wiki.kill('SIGCONT');
  }
}

/** Where each log ends now: the logs are appended to across runs and drills. */
function logEnds(logDir: string): Map<string, number> {
  return new Map(readdirSync(logDir).map((file) => [file, statSync(join(logDir, file)).size]));
}

/** Lines written since `from` that are not JSON objects. */
function nonJsonLinesSince(logDir: string, from: Map<string, number>): string[] {
  return readdirSync(logDir).flatMap((file) =>
    readFileSync(join(logDir, file))
      .subarray(from.get(file) ?? 0)
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('{'))
      .map((line) => `${file}: ${line.slice(0, 120)}`),
  );
}

export const readinessOutagesDrill: Drill = {
  name: 'readiness-outages',
  finding:
    '/ready stayed 200 with PostgreSQL stopped, took the probe’s whole 2 s with Redis down, ' +
    'listed nothing; the gateway showed no service; outages wrote non-JSON ioredis lines',
  async run(drills) {
    const logsFrom = logEnds(drills.logDir);
    const start = await untilEvery(drills, 'was ready', ready);
    const gateway = start.views.find((view) => view.name === 'api-gateway');
    expectThat(
      gateway?.system?.status === 'up',
      `the gateway does not show every service up: ${describeServices(gateway?.system)}`,
    );
    const observed = [
      ...start.views.map(describeView),
      `gateway ${describeServices(gateway?.system)}`,
      ...(await outage(
        drills,
        'redis',
        () => drills.stopRedis(),
        () => drills.startRedis(),
      )),
      ...(await outage(
        drills,
        'database',
        () => drills.stopPostgres(),
        () => drills.startPostgres(),
      )),
      ...(await frozenService(drills)),
    ];
    const notJson = nonJsonLinesSince(drills.logDir, logsFrom);
    expectThat(
      notJson.length === 0,
      `${notJson.length} non-JSON log lines: ${notJson.slice(0, 3).join(' | ')}`,
    );
    observed.push('logs of all 7 processes during the drill: only JSON lines');
    return observed;
  },
};
