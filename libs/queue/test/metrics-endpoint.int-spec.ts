import { MetricsServer } from '@cw/platform';
import {
  call,
  parsePrometheusText,
  type PrometheusSample,
  sampleValue,
  startContextTestApp,
  type TestApp,
} from '@cw/testing';
import { DataSource } from 'typeorm';
import { OutboxWriter, QueueName, QueueRegistry } from '../src';

/**
 * One process as a service composes it (platform, database, queues with the relay's module, its
 * relay switched off so written events stay unpublished), its metrics on an internal port.
 */
describe('GET /metrics on the internal listener', () => {
  let server: TestApp;
  let metricsUrl: string;

  const scrape = async (): Promise<PrometheusSample[]> => {
    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await response.text());
  };

  beforeAll(async () => {
    server = await startContextTestApp({
      modules: [],
      env: { METRICS_PORT: '0', OUTBOX_RELAY: 'off', DB_POOL_SIZE: '4' },
    });
    metricsUrl = `http://127.0.0.1:${server.app.get(MetricsServer).port}`;
  });
  afterAll(() => server.close());

  it('serves the process, HTTP, database pool, queue and outbox series', async () => {
    const samples = await scrape();
    const names = new Set(samples.map((sample) => sample.name));
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'cw_db_pool_waiting_requests',
      'cw_outbox_unpublished_events',
      'cw_outbox_oldest_unpublished_age_seconds',
    ]) {
      expect(names).toContain(name);
    }
    expect(sampleValue(samples, 'cw_db_pool_connections', { state: 'max' })).toBe(4);
    expect(sampleValue(samples, 'cw_db_pool_connections', { state: 'in_use' })).toBe(0);
    expect(sampleValue(samples, 'cw_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
    // The relay's queues; nothing here consumes a queue.
    const queues = samples.filter((sample) => sample.name === 'cw_queue_jobs');
    expect(new Set(queues.map((sample) => sample.labels.queue))).toEqual(
      new Set([QueueName.WorkflowRuns, QueueName.ReportEvents]),
    );
    expect(new Set(queues.map((sample) => sample.labels.state))).toEqual(
      new Set(['waiting', 'delayed', 'active', 'failed']),
    );
  });

  it('counts requests by route template and status, never by raw URL', async () => {
    const health = { method: 'GET', route: '/health', status: '200' };
    const before = sampleValue(await scrape(), 'cw_http_request_duration_seconds_count', health);
    expect((await call(server.baseUrl, 'GET', '/health')).status).toBe(200);
    expect((await call(server.baseUrl, 'GET', '/no/such/cwl_secret-token')).status).toBe(404);
    const samples = await scrape();
    expect(sampleValue(samples, 'cw_http_request_duration_seconds_count', health)).toBe(
      (before ?? 0) + 1,
    );
    expect(
      sampleValue(samples, 'cw_http_request_duration_seconds_count', {
        route: 'unmatched',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(samples)).not.toContain('secret');
  });

  it('moves queue depth when jobs are added', async () => {
    const queue = server.app.get(QueueRegistry).queue(QueueName.ReportEvents);
    const depth = async (state: string) =>
      sampleValue(await scrape(), 'cw_queue_jobs', { queue: QueueName.ReportEvents, state });
    expect(await depth('waiting')).toBe(0);
    await queue.add('probe', {});
    await queue.add('probe', {}, { delay: 60_000 });
    expect(await depth('waiting')).toBe(1);
    expect(await depth('delayed')).toBe(1);
    await queue.obliterate({ force: true });
  });

  it('moves the outbox backlog when events are written and the relay is behind', async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'cw_outbox_unpublished_events')).toBe(0);
    expect(sampleValue(samples, 'cw_outbox_oldest_unpublished_age_seconds')).toBe(0);
    const writer = server.app.get(OutboxWriter);
    await server.app
      .get(DataSource)
      .transaction((manager) => writer.append(manager, 'report.finished', { run_id: 'r' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const after = await scrape();
    expect(sampleValue(after, 'cw_outbox_unpublished_events')).toBe(1);
    expect(sampleValue(after, 'cw_outbox_oldest_unpublished_age_seconds')).toBeGreaterThan(0);
  });

  it('answers anything but GET /metrics in the envelope with X-Request-Id', async () => {
    const other = await call(metricsUrl, 'GET', '/health');
    expect(other.status).toBe(404);
    expect(other.headers.get('x-request-id')).toBeTruthy();
    expect(other.body).toMatchObject({
      success: false,
      error: { code: 'NOT_FOUND', request_id: other.headers.get('x-request-id') },
    });
    const post = await call(metricsUrl, 'POST', '/metrics');
    expect(post.status).toBe(405);
    expect(post.body).toMatchObject({ error: { code: 'METHOD_NOT_ALLOWED' } });
  });

  it('is not served on the service port', async () => {
    const result = await call(server.baseUrl, 'GET', '/metrics');
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
