import { join } from 'node:path';
import {
  call,
  createTestDatabase,
  signInTestPerson,
  type SignedInTestPerson,
  TEST_ACCEPTANCE_SECRET,
  testStack,
  type TestDatabase,
} from '@cw/testing';
import { freePort } from '../local-stack/ports';
import { type RunningSystem, startSystem } from '../start/system';

const REPO_ROOT = join(__dirname, '../..');

interface RunView {
  status: string;
  steps: { id: string; status: string; started_at: string | null }[];
}

/**
 * A worker killed with SIGKILL in the middle of a run: another process (its own workers, the
 * same database and Redis) resumes the run from the last finished step.
 */
describe('a run whose worker process is killed', () => {
  let database: TestDatabase;
  const systems: RunningSystem[] = [];

  const start = async (): Promise<RunningSystem> => {
    const system = await startSystem({
      mode: 'single-process',
      databaseUrl: database.url,
      redisUrl: testStack().redisUrl,
      gatewayPort: await freePort(),
      logDir: join(REPO_ROOT, '.data', 'logs', 'e2e-run-kill'),
      distDir: join(REPO_ROOT, 'dist'),
      env: {
        ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
        QUEUE_PREFIX: `cwkill-${process.pid}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        RUNS_WORKER: 'on',
      },
    });
    systems.push(system);
    return system;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(systems.map((system) => system.stop()));
    await database?.drop();
  });

  async function waitFor(
    url: string,
    person: SignedInTestPerson,
    runId: string,
    done: (run: RunView) => boolean,
    timeoutMs: number,
  ): Promise<RunView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { body } = await call<RunView>(url, 'GET', `/api/workflows/runs/${runId}`, {
        cookie: person.cookie,
      });
      if (done(body)) return body;
      if (Date.now() > deadline) throw new Error(`run ${runId} stuck: ${JSON.stringify(body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('resumes from the last finished step in another process', async () => {
    const first = await start();
    const person = await signInTestPerson(first.gatewayUrl);
    const designed = await call<{ workflow: { id: string } }>(
      first.gatewayUrl,
      'POST',
      '/api/workflows/blocks/design',
      {
        cookie: person.cookie,
        body: {
          start_as: 'active',
          intent: {
            name: 'Survives a kill',
            inputs: [],
            steps: [
              { id: 'before', block: 'text.compose', template: 'done before the kill' },
              {
                id: 'busy',
                block: 'code.run',
                code: 'const until = Date.now() + 3000; while (Date.now() < until) {} "busy done"',
              },
              { id: 'after', block: 'text.compose', template: '{{steps.busy.output}}' },
            ],
            deliverables: [{ name: 'result', required: true, from_step: 'after' }],
            budget: {},
          },
        },
      },
    );
    expect(designed.status).toBe(201);
    const started = await call<{ run_id: string }>(
      first.gatewayUrl,
      'POST',
      `/api/workflows/${designed.body.workflow.id}/run`,
      { cookie: person.cookie, body: {} },
    );
    expect(started.status).toBe(201);
    const runId = started.body.run_id;

    const midway = await waitFor(
      first.gatewayUrl,
      person,
      runId,
      (run) => run.steps[1]?.status === 'running',
      30_000,
    );
    first.processes[0].child.kill('SIGKILL');
    await new Promise((resolve) => first.processes[0].child.once('exit', resolve));

    const second = await start();
    const run = await waitFor(
      second.gatewayUrl,
      person,
      runId,
      (each) => each.status !== 'running',
      90_000,
    );
    expect(run.status).toBe('completed');
    expect(run.steps.map((step) => step.status)).toEqual(['completed', 'completed', 'completed']);
    expect(run.steps[0].started_at).toBe(midway.steps[0].started_at);
    expect(Date.parse(run.steps[1].started_at!)).toBeGreaterThan(
      Date.parse(midway.steps[1].started_at!),
    );
  }, 180_000);
});
