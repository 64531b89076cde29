import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { SERVICES } from '@cw/platform';
import {
  call,
  type CompiledProcess,
  createApiKey,
  createTestDatabase,
  freePort,
  parsePrometheusText,
  sampleValue,
  signInTestPerson,
  startCompiledProcess,
  TEST_ACCEPTANCE_SECRET,
  testStack,
  type TestDatabase,
} from '@cw/testing';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string } }[];
}

interface ReceivedSpan extends OtlpSpan {
  service: string;
}

interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
}

/** An OTLP/HTTP collector in this process: takes the JSON the exporters post to /v1/traces. */
async function startOtlpReceiver(): Promise<{
  url: string;
  spans: ReceivedSpan[];
  server: Server;
}> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
        for (const resource of body.resourceSpans ?? []) {
          const service =
            resource.resource?.attributes?.find((attribute) => attribute.key === 'service.name')
              ?.value.stringValue ?? '';
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) spans.push({ ...span, service });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, spans, server };
}

interface Started extends CompiledProcess {
  metricsUrl: string;
}

async function startProcess(app: string, env: Record<string, string>): Promise<Started> {
  const metricsPort = await freePort();
  const started = await startCompiledProcess({
    entry: `apps/${app}/src/main.js`,
    env: {
      ...env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      METRICS_PORT: String(metricsPort),
      SERVICE_NAME: app,
    },
    collectOutput: true,
    readyPath: '/health',
  });
  return { ...started, metricsUrl: `http://127.0.0.1:${metricsPort}` };
}

async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const attribute = (span: OtlpSpan, key: string): string | undefined => {
  const value = span.attributes?.find((each) => each.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

/**
 * The gateway and the workflow-runner as real processes with tracing on and their metrics on
 * internal ports: a trace spans gateway → service → SQL, logs carry the trace id beside the
 * request id, the dashboard answers through the gateway only to an operator.
 */
describe('traces, metrics and the queue dashboard across two processes', () => {
  let database: TestDatabase;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let runner: Started;
  let gateway: Started;

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startOtlpReceiver();
    const common = {
      DATABASE_URL: database.url,
      REDIS_URL: testStack().redisUrl,
      QUEUE_PREFIX: `cwe2e-obs-${process.pid}`,
      ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '200',
    };
    runner = await startProcess('workflow-runner', common);
    gateway = await startProcess('api-gateway', {
      ...common,
      ...Object.fromEntries(SERVICES.map((service) => [service.urlVariable, 'http://127.0.0.1:9'])),
      WORKFLOW_RUNNER_URL: runner.url,
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([gateway?.stop(), runner?.stop()]);
    await new Promise((resolve) => receiver?.server.close(resolve));
    await database?.drop();
  });

  it('traces a request from the gateway through the service down to its SQL', async () => {
    const person = await signInTestPerson(gateway.url);
    const requestId = `e2e-trace-${process.pid}-workflows`;
    const result = await call(gateway.url, 'GET', '/api/workflows', {
      cookie: person.cookie,
      headers: { 'x-request-id': requestId },
    });
    expect(result.status).toBe(200);

    const runnerServer = await until(
      () =>
        receiver.spans.find(
          (span) =>
            span.service === 'workflow-runner' && attribute(span, 'request.id') === requestId,
        ),
      'the workflow-runner span of the request',
    );
    const trace = runnerServer.traceId;
    const inTrace = (service: string): ReceivedSpan[] =>
      receiver.spans.filter((span) => span.traceId === trace && span.service === service);
    // Each process exports on its own schedule: wait for the whole chain to have arrived.
    const isClient = (span: OtlpSpan): boolean => span.kind === 3;
    const isSql = (span: OtlpSpan): boolean =>
      (attribute(span, 'db.system.name') ?? attribute(span, 'db.system')) !== undefined;
    await until(() => {
      const gatewaySpans = inTrace('api-gateway');
      const clientIds = new Set(gatewaySpans.filter(isClient).map((span) => span.spanId));
      const runnerSpans = inTrace('workflow-runner');
      const complete =
        gatewaySpans.some((span) => attribute(span, 'request.id') === requestId) &&
        // The service's server span hangs under the gateway's client span of the proxied call.
        runnerSpans.some((span) => clientIds.has(span.parentSpanId ?? '')) &&
        runnerSpans.some(isSql);
      return complete ? true : undefined;
    }, 'the gateway span, the client span the service continues, and a SQL span in one trace');
    expect(JSON.stringify(receiver.spans)).not.toContain(person.cookie);

    // A token in the path (a webhook trigger's) is redacted from the spans like from the logs.
    const triggerId = `e2e-trace-${process.pid}-trigger`;
    const workflowId = randomUUID();
    await call(gateway.url, 'POST', `/api/workflows/hooks/${workflowId}/cw-secret-trigger-token`, {
      body: {},
      headers: { 'x-request-id': triggerId },
    });
    const triggerSpan = await until(
      () =>
        receiver.spans.find(
          (span) =>
            span.service === 'workflow-runner' &&
            attribute(span, 'request.id') === triggerId &&
            attribute(span, 'url.path') !== undefined,
        ),
      'the spans of the webhook trigger',
    );
    expect(attribute(triggerSpan, 'url.path')).toBe(
      `/api/workflows/hooks/${workflowId}/[redacted]`,
    );
    expect(JSON.stringify(receiver.spans)).not.toContain('cw-secret-trigger-token');

    // Its log line carries the request id and the trace id together.
    const logged = await until(
      () =>
        runner.output
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { reqId?: string; trace_id?: string; msg?: string })
          .find((line) => line.reqId === requestId && line.msg === 'request completed'),
      'the request line of the workflow-runner',
    );
    expect(logged.trace_id).toBe(trace);
  });

  it('serves each process its metrics on the internal port, never through the gateway', async () => {
    const before = parsePrometheusText(await (await fetch(`${gateway.metricsUrl}/metrics`)).text());
    const route = { method: 'GET', route: '/openapi.json', status: '200' };
    expect((await call(gateway.url, 'GET', '/openapi.json')).status).toBe(200);
    const after = parsePrometheusText(await (await fetch(`${gateway.metricsUrl}/metrics`)).text());
    expect(sampleValue(after, 'cw_http_request_duration_seconds_count', route)).toBe(
      (sampleValue(before, 'cw_http_request_duration_seconds_count', route) ?? 0) + 1,
    );
    const runnerMetrics = parsePrometheusText(
      await (await fetch(`${runner.metricsUrl}/metrics`)).text(),
    );
    expect(
      sampleValue(runnerMetrics, 'cw_queue_jobs', { queue: 'workflow-runs', state: 'waiting' }),
    ).toBeDefined();
    expect((await call(gateway.url, 'GET', '/metrics')).status).toBe(404);
  });

  it('answers the queue dashboard through the gateway: 401, 403, then 200 for an operator', async () => {
    expect((await call(gateway.url, 'GET', '/ops/queues')).status).toBe(401);
    const member = await signInTestPerson(gateway.url);
    const refused = await call(gateway.url, 'GET', '/ops/queues/api/queues', {
      cookie: member.cookie,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { details: { error: 'operator_requirement' } } });
    const operator = await signInTestPerson(gateway.url, { operator_grants: ['queues.manage'] });
    const token = await createApiKey(gateway.url, operator.cookie, ['operator:all']);
    const page = await call(gateway.url, 'GET', '/ops/queues', { token });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const queues = await call<{ queues: unknown[] }>(gateway.url, 'GET', '/ops/queues/api/queues', {
      token,
    });
    expect(queues.status).toBe(200);
    expect(queues.body.queues.length).toBeGreaterThan(0);
  });
});
