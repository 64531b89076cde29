import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  DELIVERY_JOB_LOCK_MS,
  DELIVERY_STALL_CHECK_MS,
  docsVerifier,
  type HookReceiver,
  startHookReceiver,
} from '@cw/hooks/testing';
import {
  call,
  createApiKey,
  createTestDatabase,
  signInTestPerson,
  TEST_ACCEPTANCE_SECRET,
  testStack,
  type TestDatabase,
} from '@cw/testing';
import { Client } from 'pg';
import { freePort } from '../local-stack/ports';
import { type RunningSystem, startSystem } from '../start/system';

const REPO_ROOT = join(__dirname, '../..');
const HOOKS = 10;
const RUNS = 20;
const DELIVERIES = HOOKS * RUNS;
/**
 * The attempts cut off by the kill run again once their jobs' locks lapse and a stall check finds
 * them: up to a lock and two checks after the kill (the receiver counts them accepted at once, as
 * it answered them to a dead socket), and the restart itself on a busy machine.
 */
const RECOVERY_MS = DELIVERY_JOB_LOCK_MS + 2 * DELIVERY_STALL_CHECK_MS + 30_000;

interface Hook {
  id: string;
  signing_key_id: string;
  signing_secret: string;
}

/**
 * `kill -9` of the hook-dispatcher while 200 deliveries are in flight to a receiver that verifies
 * every signature and de-duplicates on `X-Service-Delivery`: once the supervisor has restarted it,
 * every delivery ends delivered and the receiver has each one.
 */
describe('a hook-dispatcher killed with deliveries in flight', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  let receiver: HookReceiver;

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startHookReceiver();
    system = await startSystem({
      mode: 'six-processes',
      databaseUrl: database.url,
      redisUrl: testStack().redisUrl,
      gatewayPort: await freePort(),
      logDir: join(REPO_ROOT, '.data', 'logs', 'e2e-hook-kill'),
      distDir: join(REPO_ROOT, 'dist'),
      supervise: true,
      env: {
        ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
        QUEUE_PREFIX: `cwhookkill-${process.pid}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
        HOOKS_SECRET_KEY: randomBytes(32).toString('base64'),
        HOOKS_RETRY_BASE_SECONDS: '0.5',
        HOOKS_RETRY_MAX_SECONDS: '2',
        HOOKS_RECONCILE_SECONDS: '2',
        // Fewer at once than the drill's deliveries: the kill finds some in flight and some not
        // yet sent, which only the restarted dispatcher can deliver.
        HOOKS_CONCURRENCY: '64',
      },
    });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    await receiver?.close();
    await database?.drop();
  });

  async function deliveryStates(): Promise<Record<string, number>> {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM hooks.deliveries GROUP BY state`,
      );
      return Object.fromEntries(rows.map((row) => [row.state, row.n]));
    } finally {
      await client.end();
    }
  }

  it('delivers every one after the restart, each verified, none lost', async () => {
    const gateway = system.gatewayUrl;
    const person = await signInTestPerson(gateway, { company: `Kill ${process.pid}` });
    const token = await createApiKey(gateway, person.cookie, ['workflows:run']);
    const hooks = new Map<string, Hook>();
    for (let index = 0; index < HOOKS; index += 1) {
      const created = await call<Hook>(gateway, 'POST', '/api/report-hooks', {
        token,
        body: { target_url: `${receiver.url}/${index}` },
      });
      expect(created.status).toBe(201);
      hooks.set(created.body.id, created.body);
    }
    const verify = docsVerifier();
    let unverified = 0;
    receiver.answerWith((request) => {
      const hook = hooks.get(request.headers['x-service-hook']);
      try {
        if (!hook) throw new Error('unknown hook');
        verify(request.headers, request.body, {
          hookId: hook.id,
          keyId: hook.signing_key_id,
          secret: hook.signing_secret,
        });
      } catch {
        unverified += 1;
        return 401;
      }
      // Slow enough that many attempts are in flight when the dispatcher dies.
      return { status: 200, delayMs: 400 };
    });

    const designed = await call<{ workflow: { id: string } }>(
      gateway,
      'POST',
      '/api/workflows/blocks/design',
      {
        cookie: person.cookie,
        body: {
          start_as: 'active',
          intent: {
            name: 'Reported to ten hooks',
            inputs: [],
            steps: [{ id: 'compose', block: 'text.compose', template: 'done' }],
            deliverables: [],
            budget: {},
          },
        },
      },
    );
    expect(designed.status).toBe(201);
    const starts = await Promise.all(
      Array.from({ length: RUNS }, () =>
        call(gateway, 'POST', `/api/workflows/${designed.body.workflow.id}/run`, {
          cookie: person.cookie,
          body: {},
        }),
      ),
    );
    expect(starts.map((start) => start.status)).toEqual(Array(RUNS).fill(201));

    await receiver.waitFor((each) => each.accepted.size >= 20, 60_000);
    const dispatcher = system.processes.find((running) => running.name === 'hook-dispatcher')!;
    const killed = dispatcher.child;
    const inFlight = receiver.received.length - receiver.accepted.size;
    const acceptedBeforeKill = receiver.accepted.size;
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    expect(acceptedBeforeKill).toBeLessThan(DELIVERIES);
    expect(inFlight).toBeGreaterThan(0);

    await receiver.waitFor((each) => each.accepted.size === DELIVERIES, 150_000);
    expect(dispatcher.child).not.toBe(killed);
    expect(unverified).toBe(0);
    const deadline = Date.now() + RECOVERY_MS;
    let states = await deliveryStates();
    while (states.delivered !== DELIVERIES && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      states = await deliveryStates();
    }
    expect(states).toEqual({ delivered: DELIVERIES });
    // At least once: some attempts cut off by the kill were sent again after the restart.
    expect(receiver.received.length).toBeGreaterThanOrEqual(DELIVERIES);
  }, 360_000);
});
