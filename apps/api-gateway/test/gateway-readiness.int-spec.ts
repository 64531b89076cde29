import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { type ReadinessDto, SERVICES } from '@cw/platform';
import { call, freePort, startContextTestApp, type TestApp } from '@cw/testing';
import { SERVICE_READINESS_DEADLINE_MS } from '../src/readiness/ask-service-readiness';
import { GatewayReadinessModule } from '../src/readiness/gateway-readiness.module';

function answering(status: number, body: unknown): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, server });
    });
  });
}

/** Accepts connections and never answers, like a process stopped with SIGSTOP. */
function frozen(): Promise<{ url: string; server: TcpServer; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createTcpServer((socket) => void sockets.push(socket));
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, server, sockets });
    });
  });
}

describe("the gateway's /ready shows every service", () => {
  let gateway: TestApp;
  const closers: (() => void)[] = [];

  beforeAll(async () => {
    const ready = await answering(200, { status: 'ready', checks: {} });
    const notReady = await answering(503, {
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE', details: { down: ['database', 'redis'] } },
    });
    const stalled = await frozen();
    const deadPort = await freePort();
    closers.push(
      () => ready.server.close(),
      () => notReady.server.close(),
      () => {
        for (const socket of stalled.sockets) socket.destroy();
        stalled.server.close();
      },
    );
    const urlOf: Record<string, string> = {
      'wiki-service': ready.url,
      'workflow-runner': stalled.url,
      'hook-dispatcher': `http://127.0.0.1:${deadPort}`,
      'feedback-intake': notReady.url,
      'mcp-server': ready.url,
    };
    gateway = await startContextTestApp({
      modules: [GatewayReadinessModule],
      env: Object.fromEntries(
        SERVICES.map((service) => [service.urlVariable, urlOf[service.name] ?? '']),
      ),
    });
  });

  afterAll(async () => {
    await gateway?.close();
    for (const close of closers) close();
  });

  it('reports each one, a frozen one down within the deadline, without gating the gateway', async () => {
    let result = await call<ReadinessDto>(gateway.baseUrl, 'GET', '/ready');
    // The gateway's own connections may still be opening right after start.
    for (let attempt = 0; result.status !== 200 && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      result = await call<ReadinessDto>(gateway.baseUrl, 'GET', '/ready');
    }
    expect(result.status).toBe(200);
    expect(Object.keys(result.body.checks).sort()).toEqual([
      'backfills',
      'database',
      'migrations',
      'redis',
    ]);
    const services = result.body.system?.services ?? {};
    expect(result.body.system?.status).toBe('degraded');
    expect(services['wiki-service']).toEqual({ status: 'up', latency_ms: expect.any(Number) });
    expect(services['mcp-server']?.status).toBe('up');
    expect(services['feedback-intake']).toMatchObject({
      status: 'down',
      message: 'not ready: database, redis',
    });
    expect(services['hook-dispatcher']).toMatchObject({
      status: 'down',
      message: 'failed: ECONNREFUSED',
    });
    expect(services['workflow-runner']).toMatchObject({
      status: 'down',
      message: `no answer within ${SERVICE_READINESS_DEADLINE_MS} ms`,
    });
    // Cut off at the deadline (a frozen service used to hold a request 40 s), inside a 2 s probe.
    expect(services['workflow-runner']?.latency_ms).toBeLessThan(2_000);
  });
});
