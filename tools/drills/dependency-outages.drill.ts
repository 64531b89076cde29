import { randomUUID } from 'node:crypto';
import { call, createTestPage, type HttpResult } from '@cw/testing';
import { expectThat, type Drill } from './drill';
import { createActiveWorkflow, servicePids } from './drill-fixtures';

/** How long each dependency stays away. */
const OUTAGE_MS = 15_000;
/** The longest any start may take, whatever PostgreSQL or Redis does. */
const START_DEADLINE_MS = 2_000;
/** Pools and connections come back by themselves; a loaded machine is slow to start PostgreSQL. */
const BACK_WITHIN_MS = 60_000;
/** The hourly start limit counts per workflow: the load spreads over this many. */
const WORKFLOWS = 10;
const LOAD_PAUSE_MS = 150;

interface Answer {
  phase: string;
  what: string;
  status: number;
  ms: number;
  retryAfter: boolean;
  runId?: string;
}

type Send = () => Promise<HttpResult>;

/** A steady mix of starts (keyed and not) and reads through the gateway, until stopped. */
class Load {
  readonly answers: Answer[] = [];
  phase = 'before';
  private stopped = false;
  private done?: Promise<void>;

  constructor(private readonly requests: { what: string; send: Send }[]) {}

  start(): void {
    this.done = (async () => {
      for (let turn = 0; !this.stopped; turn += 1) {
        const { what, send } = this.requests[turn % this.requests.length];
        const phase = this.phase;
        const began = Date.now();
        const answer = await send().catch(() => null);
        const body = answer?.body as { run_id?: string } | undefined;
        this.answers.push({
          phase,
          what,
          status: answer?.status ?? 0,
          ms: Date.now() - began,
          retryAfter: Number(answer?.headers.get('retry-after')) > 0,
          runId: answer?.status === 201 ? body?.run_id : undefined,
        });
        await new Promise((resolve) => setTimeout(resolve, LOAD_PAUSE_MS));
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.done;
  }

  of(phase: string): Answer[] {
    return this.answers.filter((answer) => answer.phase === phase);
  }
}

function tally(answers: readonly Answer[]): string {
  const counts = new Map<string, number>();
  for (const { status } of answers)
    counts.set(String(status), (counts.get(String(status)) ?? 0) + 1);
  const slowest = Math.max(0, ...answers.map((answer) => answer.ms));
  return `${answers.length} requests (${[...counts].map(([s, n]) => `${n}× ${s}`).join(', ')}), slowest ${slowest} ms`;
}

async function until(what: string, ok: () => Promise<boolean>): Promise<number> {
  const began = Date.now();
  while (!(await ok())) {
    expectThat(Date.now() - began < BACK_WITHIN_MS, `${what} not within ${BACK_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Date.now() - began;
}

export const dependencyOutagesDrill: Drill = {
  name: 'dependency-outages',
  finding:
    '`pg_ctl stop -m fast` crashed the workflow-runner within 3 s (an unhandled error event on a ' +
    'checked-out client) and a start with Redis stopped hung 90 s, then committed anyway.',
  async run(drills) {
    const gateway = drills.gatewayUrl;
    const { cookie } = await drills.signIn();
    const workflows: string[] = [];
    for (let index = 0; index < WORKFLOWS; index += 1) {
      workflows.push(
        await createActiveWorkflow(gateway, cookie, `Outage load ${index} ${Date.now()}`, [
          { id: 'say', block: 'text.compose', template: 'survived' },
        ]),
      );
    }
    const { page } = await createTestPage(gateway, { cookie }, { title: 'Load', markdown: 'x' });
    let next = 0;
    const workflow = (): string => workflows[next++ % workflows.length];
    const startRun = (keyed: boolean): Send => {
      return () =>
        call(gateway, 'POST', `/api/workflows/${workflow()}/run`, {
          cookie,
          body: keyed ? { run_request_id: randomUUID() } : {},
        });
    };
    const load = new Load([
      { what: 'keyed start', send: startRun(true) },
      { what: 'unkeyed start', send: startRun(false) },
      {
        what: 'wiki read',
        send: () => call(gateway, 'GET', `/api/wiki/pages/${page.public_id}`, { cookie }),
      },
      { what: 'workflow list', send: () => call(gateway, 'GET', '/api/workflows', { cookie }) },
    ]);
    const before = servicePids(drills);
    const observations: string[] = [];
    const startsWork = async (): Promise<boolean> => (await startRun(false)()).status === 201;

    load.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 3_000));

      load.phase = 'postgres down';
      await drills.stopPostgres();
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      await drills.startPostgres();
      load.phase = 'after postgres';
      observations.push(
        `PostgreSQL stopped ${OUTAGE_MS / 1000} s, started again; starts answer 201 after ${await until('starts after PostgreSQL', startsWork)} ms`,
      );

      load.phase = 'redis down';
      await drills.stopRedis();
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      await drills.startRedis();
      load.phase = 'after redis';
      observations.push(`Redis stopped ${OUTAGE_MS / 1000} s, started again`);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    } finally {
      await load.stop();
    }

    for (const phase of [
      'before',
      'postgres down',
      'after postgres',
      'redis down',
      'after redis',
    ]) {
      observations.push(`  ${phase}: ${tally(load.of(phase))}`);
    }
    const starts = load.answers.filter((answer) => answer.what.endsWith('start'));
    const slow = starts.filter((answer) => answer.ms > START_DEADLINE_MS);
    expectThat(
      slow.length === 0,
      `${slow.length} starts took over ${START_DEADLINE_MS} ms: ${slow
        .slice(0, 3)
        .map((answer) => `${answer.what} ${answer.phase} ${answer.status} in ${answer.ms} ms`)
        .join('; ')}`,
    );
    const refusedBadly = load.answers.filter(
      (answer) =>
        answer.phase.endsWith('down') &&
        answer.status !== 200 &&
        answer.status !== 201 &&
        !(answer.status === 503 && answer.retryAfter),
    );
    expectThat(
      refusedBadly.length === 0,
      `${refusedBadly.length} answers during an outage were neither a success nor 503 with Retry-After: ${refusedBadly
        .slice(0, 3)
        .map((answer) => `${answer.what} ${answer.phase} ${answer.status}`)
        .join('; ')}`,
    );
    const startedWithoutRedis = load
      .of('redis down')
      .filter((answer) => answer.what.endsWith('start'));
    expectThat(
      startedWithoutRedis.length > 0 &&
        startedWithoutRedis.every((answer) => answer.status === 201),
      `starts with Redis down: ${tally(startedWithoutRedis)}`,
    );
    observations.push(
      `with Redis down every start answered 201 (${startedWithoutRedis.length}, slowest ${Math.max(...startedWithoutRedis.map((answer) => answer.ms))} ms)`,
    );

    // The outbox publishes what was started while Redis was away, once it is back.
    const runIds = startedWithoutRedis.map((answer) => answer.runId!);
    const settled = await until('the runs started while Redis was down to complete', async () => {
      const views = await Promise.all(
        runIds.map((id) =>
          call<{ status: string }>(gateway, 'GET', `/api/workflows/runs/${id}`, { cookie }),
        ),
      );
      return views.every((view) => view.body.status === 'completed');
    });
    observations.push(
      `all ${runIds.length} runs started while Redis was down completed, ${settled} ms after the check began`,
    );

    const after = servicePids(drills);
    const exited = [...before].filter(
      ([name, pid]) => after.get(name) !== pid || drills.process(name).child.exitCode !== null,
    );
    expectThat(
      exited.length === 0,
      `processes that exited during the outages: ${exited.map(([name]) => name).join(', ')}`,
    );
    observations.push(
      `no process exited: ${[...after].map(([name, pid]) => `${name} ${pid}`).join(', ')}`,
    );
    return observations;
  },
};
