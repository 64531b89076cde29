import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { node } from '@opentelemetry/sdk-node';
import { request } from 'undici';
import { propagateTraceThroughUndici } from './undici-trace-propagation';

describe('propagateTraceThroughUndici', () => {
  const exporter = new node.InMemorySpanExporter();
  const provider = new node.NodeTracerProvider({
    spanProcessors: [new node.SimpleSpanProcessor(exporter)],
  });
  let server: Server;
  let baseUrl: string;
  let stop: () => void;
  const traceparents: (string | undefined)[] = [];

  beforeAll(async () => {
    provider.register();
    stop = propagateTraceThroughUndici();
    server = createServer((incoming, response) => {
      traceparents.push(incoming.headers.traceparent as string | undefined);
      response.statusCode = incoming.url === '/broken' ? 502 : 200;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    stop();
    await new Promise((resolve) => server.close(resolve));
    await provider.shutdown();
  });
  beforeEach(() => {
    exporter.reset();
    traceparents.length = 0;
  });

  const inSpan = <T>(work: () => Promise<T>): Promise<{ traceId: string; result: T }> => {
    const parent = trace.getTracer('test').startSpan('parent');
    return context.with(trace.setSpan(context.active(), parent), async () => {
      const result = await work();
      parent.end();
      return { traceId: parent.spanContext().traceId, result };
    });
  };

  it('sends the active trace in traceparent under a client span that carries no path', async () => {
    const { traceId } = await inSpan(async () => {
      const response = await request(`${baseUrl}/public/pages/cwl_secret`);
      await response.body.text();
    });
    const [traceparent] = traceparents;
    const client = exporter.getFinishedSpans().find((span) => span.kind === SpanKind.CLIENT)!;
    expect(traceparent).toBe(`00-${traceId}-${client.spanContext().spanId}-01`);
    expect(client.attributes).toMatchObject({
      'http.request.method': 'GET',
      'server.address': '127.0.0.1',
      'http.response.status_code': 200,
    });
    expect(JSON.stringify(client.attributes)).not.toContain('secret');
  });

  it('marks a 5xx answer and a failed connection as errors', async () => {
    await inSpan(async () => {
      await (await request(`${baseUrl}/broken`)).body.text();
      await request('http://127.0.0.1:9/').catch(() => undefined);
    });
    const clients = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.CLIENT);
    expect(clients.map((span) => span.status.code)).toEqual([
      SpanStatusCode.ERROR,
      SpanStatusCode.ERROR,
    ]);
    expect(clients[1].events.map((event) => event.name)).toEqual(['exception']);
  });

  it('adds nothing once stopped', async () => {
    stop();
    await inSpan(async () => (await request(`${baseUrl}/`)).body.text());
    expect(traceparents).toEqual([undefined]);
    stop = propagateTraceThroughUndici();
  });
});
