import { randomBytes } from 'node:crypto';
import { QueueName, QueueRegistry } from '@cw/queue';
import { PrivateRedis } from '@cw/queue/testing';
import { call, type SignedInTestPerson, signInTestPerson, type TestApp } from '@cw/testing';
import { ScheduleApplier } from '../src/schedules/schedule-applier.service';
import { schedulerIdOf } from '../src/schedules/workflow-schedule.service';
import { startWorkflowsTestApp } from './workflows-test-app';

jest.setTimeout(90_000);

interface WorkflowBody {
  id: string;
  status: string;
}

const SCHEDULE = { cron: '0 9 * * 1', timezone: 'Europe/Berlin' };

/**
 * Authoring, PATCH and DELETE answer without waiting on Redis, stopped or hung; the schedulers
 * follow from PostgreSQL once Redis answers. The schedule reconciler is off here (RUNS_WORKER
 * off): what applies them is the changes' own calls, tried again until Redis takes them.
 */
describe('schedule changes while Redis is away', () => {
  let redis: PrivateRedis;
  let server: TestApp;
  let owner: SignedInTestPerson;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    server = await startWorkflowsTestApp({ env: { REDIS_URL: redis.url, RUNS_WORKER: 'off' } });
    owner = await signInTestPerson(server.baseUrl, {
      company: `Away Co ${randomBytes(3).toString('hex')}`,
    });
  });

  afterAll(async () => {
    redis?.thaw();
    await redis?.resume().catch(() => undefined);
    await server?.close();
    await redis?.destroy();
  });

  /** The request's answer and whether it came within 2 s. */
  async function timed<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; fast: boolean }> {
    const began = Date.now();
    const result = await call<T>(server.baseUrl, method, path, { cookie: owner.cookie, body });
    return { status: result.status, body: result.body, fast: Date.now() - began < 2_000 };
  }

  async function create(name: string, startAs: 'active' | 'draft'): Promise<WorkflowBody> {
    const created = await timed<{ workflow: WorkflowBody }>(
      'POST',
      '/api/workflows/blocks/design',
      {
        start_as: startAs,
        intent: {
          name,
          steps: [{ id: 'greet', block: 'text.compose', template: 'Hello' }],
          deliverables: [],
        },
        trigger: { schedule: SCHEDULE },
      },
    );
    expect({ status: created.status, fast: created.fast }).toEqual({ status: 201, fast: true });
    return created.body.workflow;
  }

  const scheduled = async (): Promise<Set<string>> => {
    const queue = server.app.get(QueueRegistry).queue(QueueName.WorkflowSchedules);
    const schedulers = await queue.getJobSchedulers(0, -1);
    return new Set(schedulers.map((scheduler) => scheduler.key));
  };

  /** Waits until the schedulers are exactly as wanted, and no change waits for another try. */
  async function schedulersBecome(wanted: Record<string, boolean>): Promise<void> {
    const deadline = Date.now() + 20_000;
    let seen: Record<string, boolean> = {};
    for (;;) {
      const present = await scheduled();
      seen = Object.fromEntries(
        Object.keys(wanted).map((id) => [id, present.has(schedulerIdOf(id))]),
      );
      const settled = server.app.get(ScheduleApplier).pendingCount === 0;
      if ((settled && JSON.stringify(seen) === JSON.stringify(wanted)) || Date.now() > deadline) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toEqual(wanted);
    expect(server.app.get(ScheduleApplier).pendingCount).toBe(0);
  }

  it('answers create, activate, archive and delete within 2 s with Redis stopped, and applies them once it is back', async () => {
    const archived = await create('Archived while away', 'active');
    const activated = await create('Activated while away', 'draft');
    const deleted = await create('Deleted while away', 'active');
    await schedulersBecome({ [archived.id]: true, [activated.id]: false, [deleted.id]: true });

    await redis.stop();
    const created = await create('Created while away', 'active');
    const archive = await timed<WorkflowBody>('PATCH', `/api/workflows/${archived.id}`, {
      status: 'archived',
    });
    const activate = await timed<WorkflowBody>('PATCH', `/api/workflows/${activated.id}`, {
      status: 'active',
    });
    const remove = await timed('DELETE', `/api/workflows/${deleted.id}`);

    expect([archive, activate, remove].map(({ status, fast }) => ({ status, fast }))).toEqual([
      { status: 200, fast: true },
      { status: 200, fast: true },
      { status: 204, fast: true },
    ]);
    expect([archive.body.status, activate.body.status]).toEqual(['archived', 'active']);
    expect((await timed('GET', `/api/workflows/${deleted.id}`)).status).toBe(404);

    await redis.resume();
    await schedulersBecome({
      [created.id]: true,
      [archived.id]: false,
      [activated.id]: true,
      [deleted.id]: false,
    });
  });

  it('answers within 2 s while Redis takes commands and never answers, and ends with the last committed status', async () => {
    const flipped = await create('Flipped while hung', 'active');
    await schedulersBecome({ [flipped.id]: true });

    redis.freeze();
    const answers = [];
    for (const status of ['archived', 'active', 'draft', 'active', 'archived']) {
      answers.push(await timed<WorkflowBody>('PATCH', `/api/workflows/${flipped.id}`, { status }));
    }
    const parallel = await Promise.all(
      ['active', 'archived', 'active'].map((status) =>
        timed<WorkflowBody>('PATCH', `/api/workflows/${flipped.id}`, { status }),
      ),
    );

    for (const answer of [...answers, ...parallel]) {
      expect({ status: answer.status, fast: answer.fast }).toEqual({ status: 200, fast: true });
    }
    const last = await timed<WorkflowBody>('GET', `/api/workflows/${flipped.id}`);
    redis.thaw();
    await schedulersBecome({ [flipped.id]: last.body.status === 'active' });
  });
});
