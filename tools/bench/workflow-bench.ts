import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { seededPerson } from '@cw/identity/testing';
import { runStatusCounts, runTimings, unfinishedRuns } from '@cw/workflows/testing';
import { Pool as HttpPool } from 'undici';
import { benchMain, type BenchContext } from './bench-context';
import { benchCall, percentile } from './bench-http';
import { mintKeys } from './bench-fixtures';
import { sleep } from './bench-system';
import { startBareRunRoute } from './bare-run-route';
import {
  type CpuSources,
  machineBusySeconds,
  postgresBackendsCpu,
  processCpuSeconds,
  selfCpuSeconds,
  startCpuMeter,
} from './cpu';
import { cpuTable, type LoadResult, loadHeaders, loadRow, measureInterleaved } from './load';
import { type BenchReport, type Check, fixed, percent, ratioCheck, say, table } from './report';

/** The person of company 1 who owns and starts the benchmark workflows (not one of F's editors). */
const WORKFLOW_PERSON = 20;
const W1_CONNECTIONS = 16;
const W1_MIN_RUNS_PER_SECOND = 440;
const W2_STARTS = 2000;
const W2_CONNECTIONS = 16;
const W2_MIN_RUNS_PER_SECOND = 200;
const W3_STARTS = 50;
const DRAIN_TIMEOUT_MS = 180_000;

/**
 * The services' hourly start limit per workflow (60 by default) would refuse all but the first
 * starts of a benchmark: it is raised to its maximum for the processes the bench starts.
 */
export function allowBenchStarts(): void {
  process.env.RUNS_HOURLY_START_LIMIT = '1000000';
}

interface SavedWorkflow {
  id: string;
}

/** Saves an active workflow from an explicit plan (POST /api/workflows/blocks/design). */
export async function createWorkflow(
  http: HttpPool,
  key: string,
  name: string,
  steps: Record<string, unknown>[],
): Promise<SavedWorkflow> {
  const saved = await benchCall(http, 'POST', '/api/workflows/blocks/design', key, {
    job: `Benchmark workflow ${name}`,
    start_as: 'active',
    intent: {
      name,
      inputs: [{ name: 'topic', type: 'text', required: true }],
      steps,
      deliverables: [{ name: 'result', required: true, from_step: String(steps.at(-1)?.id) }],
    },
  });
  const workflow = saved.body.workflow as SavedWorkflow | undefined;
  if (saved.status !== 201 || !workflow?.id)
    throw new Error(`workflow ${name}: ${saved.status} ${JSON.stringify(saved.body)}`);
  return workflow;
}

export const COMPOSE = {
  id: 'compose',
  block: 'text.compose',
  template: 'Notes on {{inputs.topic}}',
};

/** CPU seconds of the redis-server listening on `port`. */
function redisCpu(port: string): () => number | null {
  let pid: number | undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (command.split(' ')[0].endsWith('redis-server') && command.includes(`:${port}`))
        pid = Number(entry);
    } catch {
      // exited meanwhile
    }
  }
  return () => processCpuSeconds(pid);
}

function cpuSources(context: BenchContext, bare?: number): CpuSources {
  const pid = (name: string) =>
    context.timed.system.processes.find((p) => p.name === name)?.child.pid;
  return {
    client: selfCpuSeconds,
    'api-gateway': () => processCpuSeconds(pid('api-gateway')),
    'workflow-runner': () => processCpuSeconds(pid('workflow-runner')),
    ...(bare === undefined ? {} : { bare: () => processCpuSeconds(bare) }),
    postgres: () => postgresBackendsCpu(context.database.name),
    redis: redisCpu(new URL(context.servers.redisUrl).port || '6379'),
    machine: machineBusySeconds,
  };
}

/** Waits until every run of these workflows finished; answers the seconds it took. */
async function drain(context: BenchContext, workflowIds: string[]): Promise<number> {
  const started = Date.now();
  while ((await unfinishedRuns(context.pool, workflowIds)) > 0) {
    if (Date.now() - started > DRAIN_TIMEOUT_MS)
      throw new Error(`runs of ${workflowIds.join(', ')} still unfinished after 180 s`);
    await sleep(100);
  }
  return (Date.now() - started) / 1000;
}

/** W1: the webhook trigger through the gateway against the bare start route, interleaved. */
async function webhookThroughput(
  context: BenchContext,
  http: HttpPool,
  key: string,
  actorIds: { companyId: string; personId: string },
) {
  const workflow = await createWorkflow(http, key, `Webhook bench ${Date.now()}`, [COMPOSE]);
  const link = await benchCall(http, 'POST', `/api/workflows/${workflow.id}/webhook-link`, key);
  const { public_id: publicId, token } = link.body as { public_id?: string; token?: string };
  if (link.status !== 201 || !publicId || !token)
    throw new Error(`webhook link: ${link.status} ${JSON.stringify(link.body)}`);
  const bare = await startBareRunRoute(
    context.database.url,
    context.servers.redisUrl,
    `cwbench-${process.pid}`,
    {
      workflowId: workflow.id,
      // The workflow is visible company-wide: the starter's teams do not change the statement.
      starter: { companyId: actorIds.companyId, personId: actorIds.personId, teamIds: [] },
      trigger: 'webhook',
      startable: ['active'],
      link: { publicId, token },
    },
  );
  const body = JSON.stringify({ topic: 'webhook benchmark' });
  const headers = { 'content-type': 'application/json' };
  try {
    const targets = [
      { label: 'bare Fastify: insert + queue add', url: bare.url, path: '/runs' },
      {
        label: 'gateway → webhook trigger',
        url: context.timed.gatewayUrl,
        path: `/api/workflows/hooks/${publicId}/${token}`,
      },
    ];
    for (const target of targets) {
      const answer = await fetch(`${target.url}${target.path}`, { method: 'POST', headers, body });
      if (answer.status !== 201)
        throw new Error(`${target.label} answered ${answer.status}: ${await answer.text()}`);
    }
    const cpu = cpuSources(context, bare.child.pid);
    const results = await measureInterleaved(
      targets.map((target) => ({
        ...target,
        method: 'POST' as const,
        body,
        headers,
        connections: W1_CONNECTIONS,
        durationSeconds: context.options.duration,
        warmupSeconds: context.options.warmup,
        cpu,
      })),
      context.options.rounds,
    );
    return { workflow, results, drainSeconds: await drain(context, [workflow.id]) };
  } finally {
    await bare.stop();
  }
}

const SINGLE_RUNS = 20;

/** Start → completed of one run at a time (no queue of other runs): SINGLE_RUNS in a row. */
async function singleRunLatency(
  context: BenchContext,
  http: HttpPool,
  key: string,
  workflowId: string,
): Promise<number[]> {
  const latencies: number[] = [];
  for (let run = 1; run <= SINGLE_RUNS; run += 1) {
    const sentAt = Date.now();
    const answer = await benchCall(http, 'POST', `/api/workflows/${workflowId}/run`, key, {
      inputs: { topic: `single ${sentAt}-${run}` },
    });
    if (answer.status !== 201) throw new Error(`single start: ${answer.status}`);
    const runId = String(answer.body.run_id);
    for (;;) {
      const [timing] = await runTimings(context.pool, [runId]);
      if (timing?.completedAt) {
        latencies.push(timing.completedAt.getTime() - sentAt);
        break;
      }
      if (Date.now() - sentAt > DRAIN_TIMEOUT_MS) throw new Error(`run ${runId} never finished`);
      await sleep(5);
    }
  }
  return latencies.sort((a, b) => a - b);
}

interface Start {
  runId: string;
  sentAt: number;
}

/** W2: W2_STARTS starts through the REST route on W2_CONNECTIONS connections, then completion. */
async function completedRuns(context: BenchContext, http: HttpPool, key: string) {
  const stamp = Date.now();
  const workflow = await createWorkflow(http, key, `Three-step bench ${stamp}`, [
    COMPOSE,
    { id: 'check', block: 'assert', that: 'steps.compose.output.length > 0', message: 'empty' },
    {
      id: 'save',
      block: 'wiki.write',
      path: '/Company/Bench Runs',
      title: 'Run {{inputs.topic}}',
      markdown: '{{steps.compose.output}}',
    },
  ]);
  const warm = await benchCall(http, 'POST', `/api/workflows/${workflow.id}/run`, key, {
    inputs: { topic: `${stamp} warm-up` },
  });
  if (warm.status !== 201) throw new Error(`W2 start: ${warm.status} ${JSON.stringify(warm.body)}`);
  await drain(context, [workflow.id]);
  const single = await singleRunLatency(context, http, key, workflow.id);

  const cpu = cpuSources(context);
  const stopMeter = startCpuMeter(cpu);
  const starts: Start[] = [];
  const refused: Record<string, number> = {};
  let next = 0;
  const begun = Date.now();
  await Promise.all(
    Array.from({ length: W2_CONNECTIONS }, async () => {
      while (next < W2_STARTS) {
        next += 1;
        const sentAt = Date.now();
        const answer = await benchCall(http, 'POST', `/api/workflows/${workflow.id}/run`, key, {
          inputs: { topic: `${stamp}-${next}` },
        });
        if (answer.status === 201) starts.push({ runId: String(answer.body.run_id), sentAt });
        else refused[answer.status] = (refused[answer.status] ?? 0) + 1;
      }
    }),
  );
  const startSeconds = (Date.now() - begun) / 1000;
  await drain(context, [workflow.id]);
  const meter = stopMeter();
  const timings = await runTimings(
    context.pool,
    starts.map((start) => start.runId),
  );
  const sentAt = new Map(starts.map((start) => [start.runId, start.sentAt]));
  const latencies = timings
    .filter((timing) => timing.completedAt)
    .map((timing) => (timing.completedAt?.getTime() ?? 0) - (sentAt.get(timing.id) ?? 0))
    .sort((a, b) => a - b);
  const lastCompleted = Math.max(...timings.map((timing) => timing.completedAt?.getTime() ?? 0));
  const seconds = (lastCompleted - begun) / 1000;
  const statuses: Record<string, number> = {};
  for (const timing of timings) statuses[timing.status] = (statuses[timing.status] ?? 0) + 1;
  const completed = statuses.completed ?? 0;
  const result: LoadResult = {
    label: `${W2_STARTS} starts → completed`,
    connections: W2_CONNECTIONS,
    seconds,
    ok: completed,
    failed: W2_STARTS - completed,
    rps: completed / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    cpu: meter,
  };
  return { workflow, result, startSeconds, statuses, refused, single };
}

/** W3: W3_STARTS concurrent starts with one run_request_id, each on its own connection. */
async function identicalStarts(context: BenchContext, key: string) {
  const http = new HttpPool(context.timed.gatewayUrl, { connections: W3_STARTS });
  try {
    const workflow = await createWorkflow(http, key, `Retry bench ${Date.now()}`, [COMPOSE]);
    const request = { inputs: { topic: 'one run' }, run_request_id: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: W3_STARTS }, () =>
        benchCall(http, 'POST', `/api/workflows/${workflow.id}/run`, key, request),
      ),
    );
    const statuses: Record<string, number> = {};
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    const runIds = new Set(answers.map((answer) => String(answer.body.run_id)));
    const counts = await runStatusCounts(context.pool, [workflow.id]);
    const runs = Object.values(counts).reduce((sum, value) => sum + value, 0);
    return { statuses, runIds, runs };
  } finally {
    await http.close();
  }
}

const counted = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([name, count]) => `${name}: ${count}`)
    .join(', ') || 'none';

/**
 * W1-W3 of the workflows issue: webhook starts through the gateway against a bare route doing
 * the same inserts and a queue add; a three-step workflow started 2,000 times until completed;
 * 50 concurrent identical starts. The workers run throughout (the system as deployed).
 */
export async function workflowBench(context: BenchContext): Promise<BenchReport> {
  const person = await seededPerson(context.pool, context.tag, 1, WORKFLOW_PERSON);
  const [key] = await mintKeys(
    context.database.url,
    context.servers.redisUrl,
    [person],
    ['workflows:write', 'workflows:run', 'wiki:read', 'wiki:write'],
  );
  const http = new HttpPool(context.timed.gatewayUrl, { connections: W2_CONNECTIONS });
  try {
    say('W1: webhook trigger against the bare start route');
    const w1 = await webhookThroughput(context, http, key, person);
    say(`W1: backlog drained in ${fixed(w1.drainSeconds)} s; W2: ${W2_STARTS} starts`);
    const w2 = await completedRuns(context, http, key);
    say('W3: 50 identical starts');
    const w3 = await identicalStarts(context, key);

    const [bare, webhook] = w1.results;
    const cores = cpus().length;
    const w1Cpu = cpuTable(w1.results, cores);
    const w2Cpu = cpuTable([w2.result], cores);
    const w1Failed = w1.results.filter((result) => result.failed > 0);
    const checks: Check[] = [
      {
        id: 'W1a',
        target: `webhook runs/s through the gateway ≥ ${W1_MIN_RUNS_PER_SECOND}`,
        measured: `${fixed(webhook.rps)} runs/s`,
        pass: webhook.rps >= W1_MIN_RUNS_PER_SECOND,
      },
      ratioCheck('W1b', 'webhook / bare insert + queue add', webhook.rps / bare.rps, 0.5),
      {
        id: 'W1c',
        target: 'every start answered 201',
        measured: w1Failed.length === 0 ? 'yes' : w1Failed.map((r) => r.label).join(', '),
        pass: w1Failed.length === 0,
      },
      {
        id: 'W2a',
        target: `runs completed/s ≥ ${W2_MIN_RUNS_PER_SECOND} (aim)`,
        measured: `${fixed(w2.result.rps)} runs/s, ${w2.result.ok} of ${W2_STARTS} completed`,
        pass: w2.result.rps >= W2_MIN_RUNS_PER_SECOND && w2.result.ok === W2_STARTS,
      },
      {
        id: 'W3',
        target: `${W3_STARTS} concurrent identical starts → one run`,
        measured: `${w3.runs} run(s), ${w3.runIds.size} run id(s) answered; ${counted(w3.statuses)}`,
        pass: w3.runs === 1 && w3.runIds.size === 1,
      },
    ];
    return {
      title: 'W: workflow runs (webhook starts, three-step runs, identical starts)',
      tables: [
        table(loadHeaders, w1.results.map(loadRow)),
        table(w1Cpu.headers, w1Cpu.rows),
        table(
          ['measure (W2)', 'value'],
          [
            ['starts (201)', `${W2_STARTS - Object.values(w2.refused).reduce((a, b) => a + b, 0)}`],
            ['refused starts', counted(w2.refused)],
            [
              'start phase',
              `${fixed(w2.startSeconds, 2)} s (${fixed(W2_STARTS / w2.startSeconds)} starts/s)`,
            ],
            ['first start → last completed', `${fixed(w2.result.seconds, 2)} s`],
            ['runs completed/s', fixed(w2.result.rps)],
            ['final statuses', counted(w2.statuses)],
            [
              `one run at a time (${SINGLE_RUNS} in a row): p50 / max`,
              `${fixed(percentile(w2.single, 0.5), 0)} ms / ${fixed(w2.single.at(-1) ?? Number.NaN, 0)} ms`,
            ],
            [
              'start → completed p50 / p95 / p99 / max',
              [w2.result.p50, w2.result.p95, w2.result.p99, w2.result.max]
                .map((v) => `${fixed(v, 0)} ms`)
                .join(' / '),
            ],
          ],
        ),
        table(w2Cpu.headers, w2Cpu.rows),
        table(
          ['measure (W1, W3)', 'value'],
          [
            [
              'W1 backlog (runs of both targets) finished after the load',
              `${fixed(w1.drainSeconds)} s`,
            ],
            ['W1 webhook / bare', percent(webhook.rps / bare.rps)],
            ['W3 answers', counted(w3.statuses)],
          ],
        ),
      ],
      checks,
      notes: [
        `W1: ${W1_CONNECTIONS} connections, ${context.options.warmup} s warm-up, ${context.options.duration} s measured per target in ${context.options.rounds} alternating slices; the bare route (a process of its own, pool of DB_POOL_SIZE) inserts the run and its run.requested outbox event with the one statement RunStartService issues for a webhook start (@cw/workflows/testing bareRunStart: the run copied from the workflow while it is active and visible) and adds a job to a BullMQ queue nobody consumes; its outbox events are relayed and its runs executed like the webhook's`,
        "the workflow-runner executes runs during W1 (the system as deployed): its CPU and the database CPU per response include executing both targets' runs and relaying their outbox events",
        `W2: ${W2_CONNECTIONS} clients send the starts back to back (POST /api/workflows/{id}/run with a key); latency = client send time → the run's completed_at (same machine clock), reported, not a target: it is the burst's own queue, and W5 (runs-io-bench) measures another company's latency during a burst; CPU per completed run from the first start to the last completion`,
        `W3: one run_request_id, ${W3_STARTS} starts sent at once on ${W3_STARTS} connections; runs counted in the database`,
      ],
    };
  } finally {
    await http.close();
  }
}

if (require.main === module)
  benchMain(workflowBench, () => {
    allowBenchStarts();
    return Promise.resolve();
  });
