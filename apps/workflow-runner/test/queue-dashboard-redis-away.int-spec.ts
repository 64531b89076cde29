import { AuthModule } from '@cw/auth';
import { IdentityModule } from '@cw/identity';
import { QueueDashboardModule } from '@cw/queue';
import { PrivateRedis } from '@cw/queue/testing';
import {
  call,
  signInTestPerson,
  startContextTestApp,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
} from '@cw/testing';

jest.setTimeout(60_000);

const QUEUES_API = '/ops/queues/api/queues';

/** The dashboard's requests wait on Redis for a bounded time, then answer 503 in the envelope. */
describe('the queue dashboard while Redis is away', () => {
  let redis: PrivateRedis;
  let server: TestApp;
  let operatorCookie: string;

  const queues = async () => {
    const began = Date.now();
    const result = await call<{ error?: { code: string; message: string } }>(
      server.baseUrl,
      'GET',
      QUEUES_API,
      { cookie: operatorCookie },
    );
    return { result, ms: Date.now() - began };
  };

  /** The status the dashboard answers once it is 200 again, or after 10 s. */
  async function servedAgain(): Promise<number> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { status } = (await queues()).result;
      if (status === 200 || Date.now() > deadline) return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    server = await startContextTestApp({
      modules: [IdentityModule.register({ withRoutes: true }), AuthModule, QueueDashboardModule],
      env: { ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET, REDIS_URL: redis.url },
    });
    operatorCookie = (
      await signInTestPerson(server.baseUrl, { operator_grants: ['queues.manage'] })
    ).cookie;
  });

  afterAll(async () => {
    redis?.thaw();
    await server?.close();
    await redis?.destroy();
  });

  it('answers 503 with Retry-After within 2 s when Redis stops answering, refuses at once past 4 unanswered, and serves again after', async () => {
    expect((await queues()).result.status).toBe(200);
    redis.freeze();

    const answers = await Promise.all(Array.from({ length: 6 }, () => queues()));

    for (const { result, ms } of answers) {
      expect({ status: result.status, fast: ms < 3_000 }).toEqual({ status: 503, fast: true });
      expect(result.headers.get('retry-after')).toBe('5');
      expect(result.body.error?.code).toBe('SERVICE_UNAVAILABLE');
    }
    const messages = answers.map(({ result }) => result.body.error?.message ?? '');
    expect(messages.filter((message) => message.includes('no answer within 2000 ms'))).toHaveLength(
      4,
    );
    expect(
      messages.filter((message) => message.includes('earlier requests unanswered')),
    ).toHaveLength(2);

    redis.thaw();
    expect(await servedAgain()).toBe(200);
  });

  it('answers 503 at once while the connection to Redis is down', async () => {
    await redis.stop();
    try {
      const { result, ms } = await queues();
      expect({ status: result.status, fast: ms < 1_000 }).toEqual({ status: 503, fast: true });
      expect(result.body.error?.message).toMatch(/connection (reconnecting|connecting|close)/);
    } finally {
      await redis.resume();
    }
    expect(await servedAgain()).toBe(200);
  });
});
