import { MetricsServer } from '@cw/platform';
import {
  call,
  parsePrometheusText,
  type PrometheusSample,
  sampleValue,
  startContextTestApp,
  type TestApp,
} from '@cw/testing';
import { CredentialRevocationChannel, MinuteRateLimiter, QueueName, QueueRegistry } from '../src';
import { PrivateRedis } from './private-redis';

jest.setTimeout(60_000);

interface ReadyRefusal {
  error: {
    code: string;
    details: { down: string[]; checks: Record<string, { status: string; message?: string }> };
  };
}

/** How long `work` took, and what it answered. */
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const began = Date.now();
  const result = await work();
  return { result, ms: Date.now() - began };
}

/**
 * A Redis that keeps its connections open but stops answering (SIGSTOP): every Redis call of a
 * request path in this lib answers within its deadline, and none piles commands up.
 */
describe('a Redis that takes commands and never answers', () => {
  let redis: PrivateRedis;
  let server: TestApp;
  let metricsUrl: string;

  const shared = () => server.app.get(QueueRegistry).redis;
  const scrape = async (): Promise<PrometheusSample[]> => {
    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    return parsePrometheusText(await response.text());
  };
  const queueSeries = (samples: PrometheusSample[]) =>
    samples.filter((sample) => sample.name === 'cw_queue_jobs');

  /** The status /ready answers once it is 200, or when `ms` have passed. */
  async function readyWithin(ms: number): Promise<number> {
    const deadline = Date.now() + ms;
    for (;;) {
      const { status } = await call(server.baseUrl, 'GET', '/ready');
      if (status === 200 || Date.now() > deadline) return status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    server = await startContextTestApp({
      modules: [],
      env: { REDIS_URL: redis.url, METRICS_PORT: '0', OUTBOX_RELAY: 'off' },
    });
    metricsUrl = `http://127.0.0.1:${server.app.get(MetricsServer).port}`;
    expect(await readyWithin(10_000)).toBe(200);
  });

  afterEach(() => redis.thaw());

  afterAll(async () => {
    redis?.thaw();
    await server?.close();
    await redis?.destroy();
  });

  it('answers /ready 503 with redis down within the probe deadline, with one PING outstanding however often it is asked', async () => {
    redis.freeze();
    const waitingBefore = shared().commandQueue.length;

    const probes = await Promise.all(
      Array.from({ length: 5 }, () =>
        timed(() => call<ReadyRefusal>(server.baseUrl, 'GET', '/ready')),
      ),
    );
    const again = await timed(() => call<ReadyRefusal>(server.baseUrl, 'GET', '/ready'));

    for (const { result, ms } of [...probes, again]) {
      expect({ status: result.status, fast: ms < 1_500 }).toEqual({ status: 503, fast: true });
      expect(result.headers.get('retry-after')).toBe('1');
      expect(result.body.error.details.down).toEqual(['redis']);
      expect(result.body.error.details.checks.redis).toEqual({
        status: 'down',
        latency_ms: expect.any(Number) as number,
        message: 'no answer to PING within 400 ms',
      });
    }
    expect(shared().commandQueue.length - waitingBefore).toBe(1);

    redis.thaw();
    expect(await readyWithin(10_000)).toBe(200);
  });

  it('scrapes /metrics within the sample deadline without queue depth, counting the failure, with one count outstanding', async () => {
    expect(queueSeries(await scrape()).length).toBeGreaterThan(0);
    const failures = (samples: PrometheusSample[]) =>
      sampleValue(samples, 'cw_metrics_sample_failures_total', { gauge: 'cw_queue_jobs' }) ?? 0;
    const before = failures(await scrape());
    redis.freeze();
    const waitingBefore = shared().commandQueue.length;

    const first = await timed(scrape);
    const second = await timed(scrape);

    for (const { result, ms } of [first, second]) {
      expect({ fast: ms < 2_000, series: queueSeries(result) }).toEqual({ fast: true, series: [] });
    }
    // One count of each relayed queue, sent by the first scrape; the second waited on it.
    const relayed = new Set([QueueName.WorkflowRuns, QueueName.ReportEvents]).size;
    expect(shared().commandQueue.length - waitingBefore).toBe(relayed);

    redis.thaw();
    const deadline = Date.now() + 10_000;
    let samples: PrometheusSample[] = [];
    while (queueSeries(samples).length === 0 && Date.now() < deadline) samples = await scrape();
    expect(queueSeries(samples).length).toBeGreaterThan(0);
    // A scrape shows the failures of the scrapes before it.
    expect(failures(samples)).toBeGreaterThanOrEqual(before + 2);
  });

  it('lets a rate-limited request through within 250 ms (fail open) and counts again once Redis answers', async () => {
    const limiter = new MinuteRateLimiter(server.app.get(QueueRegistry), {
      scope: 'test:hung-redis',
      subject: 'test',
    });
    const now = Date.now();
    expect(await limiter.hit('client-a', 5, now)).toMatchObject({ allowed: true, count: 1 });
    redis.freeze();

    const hung = await timed(() => limiter.hit('client-a', 5, now));

    expect({ fast: hung.ms < 600, decision: hung.result }).toEqual({
      fast: true,
      decision: expect.objectContaining({ allowed: true, count: null }) as unknown,
    });
    redis.thaw();
    // The command sent while Redis hung is answered now too: the count went on.
    expect((await limiter.hit('client-a', 5, now)).count).toBe(3);
  });

  it('answers a revocation broadcast within its 1 s deadline and sends it once Redis answers', async () => {
    const channel = server.app.get(CredentialRevocationChannel);
    const heard: string[] = [];
    await channel.subscribe((revocation) => {
      if (revocation.type === 'credential') heard.push(revocation.credentialId);
    });
    redis.freeze();

    const publish = await timed(() =>
      channel.publish({ type: 'credential', credentialId: 'hung-redis-key' }),
    );

    expect(publish.ms).toBeLessThan(1_600);
    // Evicted in this process at once.
    expect(heard).toEqual(['hung-redis-key']);
    redis.thaw();
    const deadline = Date.now() + 10_000;
    while (heard.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(heard.length).toBeGreaterThanOrEqual(2);
    expect(new Set(heard)).toEqual(new Set(['hung-redis-key']));
  });
});
