import { randomUUID } from 'node:crypto';
import { call } from '@cw/testing';
import Redis from 'ioredis';
import { expectThat, type Drill } from './drill';
import type { DrillSystem } from './drill-system';
import { createActiveWorkflow, servicePids } from './drill-fixtures';

/** Runs each drill starts; the hourly start limit counts per workflow, so they spread over several. */
const RUNS = 200;
const RUNS_PER_WORKFLOW = 50;
/** Starts sent at once. */
const PARALLEL = 20;
/** Each run sleeps this long in a `wait` step, then composes its result. */
const WAIT_SECONDS = 2;
/** How long every acknowledged run has to end once the fault is over. */
const SETTLE_WITHIN_MS = 120_000;
/** The drill system sets `RUNS_STALE_AFTER_SECONDS` to 20 (drill-system.ts); the backlog is older. */
const BACKLOG_MS = 25_000;
const RUNNER = 'workflow-runner';
const BACK_WITHIN_MS = 60_000;
const TERMINAL = new Set(['completed', 'failed', 'budget_exceeded', 'cancelled', 'stale']);

interface Started {
  runId: string;
  requestId: string;
  workflowId: string;
}

interface Fleet {
  cookie: string;
  workflows: string[];
  started: Started[];
  refused: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `task` over `items`, `PARALLEL` at a time. */
async function inParallel<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]);
      }
    }),
  );
  return results;
}

async function startOne(
  gateway: string,
  cookie: string,
  workflowId: string,
  requestId: string,
): Promise<{ status: number; runId?: string }> {
  const answer = await call<{ run_id?: string }>(
    gateway,
    'POST',
    `/api/workflows/${workflowId}/run`,
    { cookie, body: { run_request_id: requestId } },
  ).catch(() => null);
  return { status: answer?.status ?? 0, runId: answer?.body.run_id };
}

/** A new company, its workflows, and `RUNS` keyed starts; every acknowledged run is recorded. */
async function startFleet(drills: DrillSystem): Promise<Fleet> {
  const gateway = drills.gatewayUrl;
  const { cookie } = await drills.signIn();
  const workflows: string[] = [];
  for (let index = 0; index < Math.ceil(RUNS / RUNS_PER_WORKFLOW); index += 1) {
    workflows.push(
      await createActiveWorkflow(gateway, cookie, `Run loss ${index} ${Date.now()}`, [
        { id: 'pause', block: 'wait', seconds: WAIT_SECONDS },
        { id: 'say', block: 'text.compose', template: 'kept' },
      ]),
    );
  }
  const plans = Array.from({ length: RUNS }, (_, index) => ({
    workflowId: workflows[index % workflows.length],
    requestId: randomUUID(),
  }));
  const answers = await inParallel(plans, (plan) =>
    startOne(gateway, cookie, plan.workflowId, plan.requestId),
  );
  const started: Started[] = [];
  answers.forEach((answer, index) => {
    if ((answer.status === 201 || answer.status === 200) && answer.runId) {
      started.push({ ...plans[index], runId: answer.runId });
    }
  });
  return { cookie, workflows, started, refused: RUNS - started.length };
}

/** Each run's status once all are terminal, or at the deadline (undefined: never answered). */
async function settle(drills: DrillSystem, fleet: Fleet): Promise<Map<string, string | undefined>> {
  const statuses = new Map<string, string | undefined>(
    fleet.started.map((run) => [run.runId, undefined]),
  );
  const began = Date.now();
  while (Date.now() - began < SETTLE_WITHIN_MS) {
    const open = [...statuses].filter(([, status]) => !status || !TERMINAL.has(status));
    if (open.length === 0) break;
    await inParallel(open, async ([runId]) => {
      const view = await call<{ status?: string }>(
        drills.gatewayUrl,
        'GET',
        `/api/workflows/runs/${runId}`,
        { cookie: fleet.cookie },
      ).catch(() => null);
      if (view?.status === 200 && view.body.status) statuses.set(runId, view.body.status);
    });
    await sleep(1_000);
  }
  return statuses;
}

/** How many acknowledged runs have not ended yet: the fault must catch some of them in flight. */
async function countOpen(drills: DrillSystem, fleet: Fleet): Promise<number> {
  const views = await inParallel(fleet.started, (run) =>
    call<{ status?: string }>(drills.gatewayUrl, 'GET', `/api/workflows/runs/${run.runId}`, {
      cookie: fleet.cookie,
    }).catch(() => null),
  );
  return views.filter((view) => !TERMINAL.has(view?.body.status ?? '')).length;
}

/** Re-sends every acknowledged start with its own key: any other run id is a duplicate. */
async function resend(
  drills: DrillSystem,
  fleet: Fleet,
): Promise<{ duplicated: Started[]; unanswered: Started[] }> {
  const duplicated: Started[] = [];
  const unanswered: Started[] = [];
  await inParallel(fleet.started, async (run) => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await startOne(drills.gatewayUrl, fleet.cookie, run.workflowId, run.requestId);
      if (answer.status === 200 || answer.status === 201) {
        if (answer.runId !== run.runId) duplicated.push(run);
        return;
      }
      await sleep(1_000);
    }
    unanswered.push(run);
  });
  return { duplicated, unanswered };
}

async function untilAnswers(drills: DrillSystem, cookie: string): Promise<number> {
  const began = Date.now();
  for (;;) {
    const list = await call(drills.gatewayUrl, 'GET', '/api/workflows', { cookie }).catch(
      () => null,
    );
    if (list?.status === 200) return Date.now() - began;
    expectThat(
      Date.now() - began < BACK_WITHIN_MS,
      `the workflow-runner did not answer within ${BACK_WITHIN_MS} ms`,
    );
    await sleep(250);
  }
}

/** The fault, done to a started fleet; returns what it did and the process it killed, if any. */
type Fault = (drills: DrillSystem, fleet: Fleet) => Promise<{ did: string; killed?: string }>;

function runLossDrill(name: string, finding: string, fault: Fault): Drill {
  return {
    name,
    finding,
    async run(drills) {
      const before = servicePids(drills);
      const fleet = await startFleet(drills);
      expectThat(fleet.started.length > 0, `no start of ${RUNS} was acknowledged`);
      const open = await countOpen(drills, fleet);
      expectThat(
        open > 0,
        `all ${fleet.started.length} runs ended before the fault: it would hit none`,
      );
      const { did, killed } = await fault(drills, fleet);
      const statuses = await settle(drills, fleet);
      const { duplicated, unanswered } = await resend(drills, fleet);

      const counts = new Map<string, number>();
      const notCompleted: string[] = [];
      for (const [runId, status] of statuses) {
        const key = !status || !TERMINAL.has(status) ? 'lost' : status;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        if (status !== 'completed') notCompleted.push(`${runId} ${status ?? 'unanswered'}`);
      }
      const after = servicePids(drills);
      const exited = [...before].filter(
        ([service, pid]) =>
          (service !== killed && after.get(service) !== pid) ||
          drills.process(service).child.exitCode !== null ||
          drills.process(service).child.signalCode !== null,
      );
      const completed = counts.get('completed') ?? 0;
      const stale = counts.get('stale') ?? 0;
      const lost = counts.get('lost') ?? 0;
      const other = fleet.started.length - completed - stale - lost;
      const line =
        `acknowledged ${fleet.started.length} of ${RUNS} (${fleet.refused} refused) / completed ${completed}` +
        ` / stale ${stale} / other ${other} / lost ${lost} / duplicated ${duplicated.length}`;
      expectThat(
        notCompleted.length === 0,
        `${did}; ${line}; not completed: ${notCompleted.slice(0, 10).join(', ')}`,
      );
      expectThat(
        duplicated.length === 0,
        `${did}; ${line}; duplicated: ${duplicated
          .slice(0, 5)
          .map((run) => `${run.requestId} (run ${run.runId})`)
          .join(', ')}`,
      );
      expectThat(
        unanswered.length === 0,
        `${did}; ${line}; ${unanswered.length} re-sent starts never answered 200/201`,
      );
      expectThat(
        exited.length === 0,
        `${did}; ${line}; processes that exited: ${exited.map(([service]) => service).join(', ')}`,
      );
      return [
        `${did} (${open} runs not yet ended when it began)`,
        line,
        `no service process exited (beyond the one killed on purpose)`,
      ];
    },
  };
}

const killRunnerTwice: Fault = async (drills, fleet) => {
  const runner = drills.process(RUNNER);
  const killed: number[] = [];
  for (let round = 0; round < 2; round += 1) {
    // Runs take turns through the wait step: at any moment dozens of them sleep in it.
    await sleep(1_000);
    const pid = runner.child.pid;
    expectThat(pid !== undefined, 'the workflow-runner has no process id');
    process.kill(pid, 'SIGKILL');
    killed.push(pid);
    const began = Date.now();
    while (runner.child.pid === pid || runner.child.pid === undefined) {
      expectThat(Date.now() - began < BACK_WITHIN_MS, 'the workflow-runner was not restarted');
      await sleep(100);
    }
    await untilAnswers(drills, fleet.cookie);
  }
  return {
    did: `workflow-runner killed with SIGKILL twice (pids ${killed.join(', ')}), now pid ${runner.child.pid}`,
    killed: RUNNER,
  };
};

const flushRedis: Fault = async (drills) => {
  await sleep(1_000);
  const redis = new Redis(drills.stack.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    await redis.flushall();
  } finally {
    redis.disconnect();
  }
  return { did: 'FLUSHALL on the drill stack Redis while runs were queued and sleeping' };
};

const stopRedisFor: Fault = async (drills) => {
  await drills.stopRedis();
  await sleep(20_000);
  await drills.startRedis();
  return { did: 'Redis stopped 20 s while runs were in flight, then started again' };
};

const stopPostgresFor: Fault = async (drills) => {
  await drills.stopPostgres();
  await sleep(15_000);
  await drills.startPostgres();
  return { did: 'PostgreSQL stopped 15 s while runs were in flight, then started again' };
};

const backlog: Fault = async (drills) => {
  const runner = drills.process(RUNNER).child;
  const pid = runner.pid;
  expectThat(pid !== undefined, 'the workflow-runner has no process id');
  process.kill(pid, 'SIGSTOP');
  try {
    await sleep(BACKLOG_MS);
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  return {
    did: `workflow-runner frozen (SIGSTOP) ${BACKLOG_MS / 1000} s with most runs queued, over RUNS_STALE_AFTER_SECONDS=20, then SIGCONT`,
  };
};

export const runLossWorkerKilledDrill = runLossDrill(
  'run-loss-worker-killed',
  'After two `kill -9` of the workflow-runner, 3 of 500 runs parked in a `wait` step were never claimed again and ended `stale`.',
  killRunnerTwice,
);

export const runLossRedisFlushedDrill = runLossDrill(
  'run-loss-redis-flushed',
  '`FLUSHALL` on Redis drops every queued and delayed job: the runs they carried are never run.',
  flushRedis,
);

export const runLossRedisDownDrill = runLossDrill(
  'run-loss-redis-down',
  'With Redis stopped 20 s under load, runs in flight lose their jobs and wait for nobody.',
  stopRedisFor,
);

export const runLossPostgresDownDrill = runLossDrill(
  'run-loss-postgres-down',
  'After PostgreSQL was down 15 s, 2 of 300 runs answered 201 had never been claimed and the first reconciler pass ended them `stale`.',
  stopPostgresFor,
);

export const runLossBacklogDrill = runLossDrill(
  'run-loss-backlog',
  'A backlog older than `RUNS_STALE_AFTER_SECONDS` ends its queued runs `stale` instead of running them.',
  backlog,
);

/** In the order all-drills.ts runs them. */
export const RUN_LOSS_DRILLS: readonly Drill[] = [
  runLossWorkerKilledDrill,
  runLossRedisFlushedDrill,
  runLossRedisDownDrill,
  runLossPostgresDownDrill,
  runLossBacklogDrill,
];
