import 'reflect-metadata';
import { seededPerson } from '@cw/identity/testing';
import { runTimings, unfinishedRuns } from '@cw/workflows/testing';
import { Pool as HttpPool } from 'undici';
import { benchMain, type BenchContext } from './bench-context';
import { benchCall, percentile } from './bench-http';
import { mintKeys } from './bench-fixtures';
import { sleep } from './bench-system';
import { startSlowModelProvider } from './slow-model-provider';
import { type BenchReport, type Check, fixed, say, table } from './report';
import { allowBenchStarts, COMPOSE, createWorkflow } from './workflow-bench';

const PERSON = 20;
const W4_RUNS = 64;
const W4_MODEL_MS = 2_000;
const W4_MAX_SECONDS = 6;
const W5_BURST = 2_000;
const W5_CONNECTIONS = 16;
const W5_MAX_P95_MS = 1_000;
const TIMEOUT_MS = 180_000;

async function startRun(http: HttpPool, key: string, workflowId: string, topic: string) {
  const answer = await benchCall(http, 'POST', `/api/workflows/${workflowId}/run`, key, {
    inputs: { topic },
  });
  if (answer.status !== 201)
    throw new Error(`start: ${answer.status} ${JSON.stringify(answer.body)}`);
  return String(answer.body.run_id);
}

async function drain(context: BenchContext, workflowIds: string[]): Promise<void> {
  const started = Date.now();
  while ((await unfinishedRuns(context.pool, workflowIds)) > 0) {
    if (Date.now() - started > TIMEOUT_MS) throw new Error('runs still unfinished after 180 s');
    await sleep(50);
  }
}

/** W4: W4_RUNS runs whose one step waits W4_MODEL_MS on the model, started at once. */
async function slowModelRuns(context: BenchContext, http: HttpPool, key: string) {
  const workflow = await createWorkflow(http, key, `Slow model bench ${Date.now()}`, [
    { id: 'ask', block: 'model.generate', prompt: `wait ${W4_MODEL_MS}` },
  ]);
  const begun = Date.now();
  const ids = await Promise.all(
    Array.from({ length: W4_RUNS }, (_, at) => startRun(http, key, workflow.id, `w4-${at}`)),
  );
  await drain(context, [workflow.id]);
  const timings = await runTimings(context.pool, ids);
  const completed = timings.filter((timing) => timing.status === 'completed').length;
  const last = Math.max(...timings.map((timing) => timing.completedAt?.getTime() ?? 0));
  return { completed, seconds: (last - begun) / 1000 };
}

/** W5: company B's one-step runs, one at a time, during company A's burst of W5_BURST runs. */
async function otherCompanyDuringBurst(
  context: BenchContext,
  http: HttpPool,
  keyA: string,
  keyB: string,
) {
  const stamp = Date.now();
  const burst = await createWorkflow(http, keyA, `Burst bench ${stamp}`, [
    COMPOSE,
    {
      id: 'save',
      block: 'wiki.write',
      path: '/Company/Bench Runs',
      title: 'Burst {{inputs.topic}}',
      markdown: '{{steps.compose.output}}',
    },
  ]);
  const other = await createWorkflow(http, keyB, `Other company bench ${stamp}`, [COMPOSE]);
  let next = 0;
  let sending = true;
  const begun = Date.now();
  const starting = Promise.all(
    Array.from({ length: W5_CONNECTIONS }, async () => {
      while (next < W5_BURST) {
        next += 1;
        await startRun(http, keyA, burst.id, `${stamp}-${next}`);
      }
    }),
  ).finally(() => (sending = false));
  const latencies: number[] = [];
  while (sending || (await unfinishedRuns(context.pool, [burst.id])) > 0) {
    const sentAt = Date.now();
    const runId = await startRun(http, keyB, other.id, `other ${sentAt}`);
    for (;;) {
      const [timing] = await runTimings(context.pool, [runId]);
      if (timing?.completedAt) {
        latencies.push(timing.completedAt.getTime() - sentAt);
        break;
      }
      if (Date.now() - sentAt > TIMEOUT_MS) throw new Error(`run ${runId} never finished`);
      await sleep(5);
    }
  }
  await starting;
  const burstSeconds = (Date.now() - begun) / 1000;
  await drain(context, [burst.id, other.id]);
  return { latencies: latencies.sort((a, b) => a - b), burstSeconds };
}

/**
 * W4 and W5 of the run-engine issue: runs waiting on a slow model run at once, beside a pool of
 * DB_POOL_SIZE; another company's runs complete promptly during one company's burst.
 */
export async function runsIoBench(context: BenchContext): Promise<BenchReport> {
  const personA = await seededPerson(context.pool, context.tag, 1, PERSON);
  const personB = await seededPerson(context.pool, context.tag, 2, PERSON);
  const scopes = ['workflows:write', 'workflows:run', 'wiki:read', 'wiki:write'];
  const [keyA, keyB] = await mintKeys(
    context.database.url,
    context.servers.redisUrl,
    [personA, personB],
    scopes,
  );
  const http = new HttpPool(context.timed.gatewayUrl, { connections: W5_CONNECTIONS + 1 });
  try {
    say(`W4: ${W4_RUNS} runs waiting ${W4_MODEL_MS} ms on the model`);
    const w4 = await slowModelRuns(context, http, keyA);
    say(`W5: company B's runs during company A's burst of ${W5_BURST}`);
    const w5 = await otherCompanyDuringBurst(context, http, keyA, keyB);
    const p95 = percentile(w5.latencies, 0.95);
    const checks: Check[] = [
      {
        id: 'W4',
        target: `${W4_RUNS} runs waiting ${W4_MODEL_MS / 1000} s on a model complete within ${W4_MAX_SECONDS} s`,
        measured: `${fixed(w4.seconds, 2)} s, ${w4.completed} of ${W4_RUNS} completed`,
        pass: w4.seconds <= W4_MAX_SECONDS && w4.completed === W4_RUNS,
      },
      {
        id: 'W5',
        target: `another company's run during a ${W5_BURST}-run burst: p95 start → completed < ${W5_MAX_P95_MS} ms`,
        measured: `p95 ${fixed(p95, 0)} ms of ${w5.latencies.length} runs`,
        pass: p95 < W5_MAX_P95_MS && w5.latencies.length > 0,
      },
    ];
    return {
      title: 'W4, W5: runs waiting on I/O, and fairness across companies',
      tables: [
        table(
          ['measure', 'value'],
          [
            ['W4 first start → last completed', `${fixed(w4.seconds, 2)} s`],
            ['W5 burst sent and finished in', `${fixed(w5.burstSeconds, 2)} s`],
            [
              'W5 company B start → completed p50 / p95 / max',
              [percentile(w5.latencies, 0.5), p95, w5.latencies.at(-1) ?? Number.NaN]
                .map((v) => `${fixed(v, 0)} ms`)
                .join(' / '),
            ],
          ],
        ),
      ],
      checks,
      notes: [
        `W4: a model server on loopback answers each model.generate after ${W4_MODEL_MS} ms; ${W4_RUNS} starts sent at once; first start sent → last completed_at`,
        `W5: company A's two-step runs (text.compose, wiki.write: the engine's database work, no sandbox) started on ${W5_CONNECTIONS} connections; meanwhile company B's one-step runs are started one at a time until A's burst has finished; latency = client send time → completed_at`,
      ],
    };
  } finally {
    await http.close();
  }
}

if (require.main === module)
  benchMain(runsIoBench, async () => {
    allowBenchStarts();
    await startSlowModelProvider();
  });
