import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, unwrap } from './api-client';
import { ApiError } from './api-error';
import { withRetries } from './retry';

/** A loopback server whose answers the test scripts, one per request, recording each body. */
async function scriptedServer(
  answers: Array<'drop' | { status: number; body: unknown; headers?: Record<string, string> }>,
): Promise<{ url: string; bodies: unknown[]; server: Server }> {
  const bodies: unknown[] = [];
  const readBody = async (request: IncomingMessage): Promise<unknown> => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return text ? JSON.parse(text) : undefined;
  };
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      bodies.push(body);
      const answer = answers.shift() ?? { status: 500, body: {} };
      if (answer === 'drop') return request.socket.destroy();
      response
        .writeHead(answer.status, {
          'content-type': 'application/json',
          'x-request-id': 'req-from-header',
          ...answer.headers,
        })
        .end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, server };
}

const FAST = { attempts: 4, baseDelayMs: 1, maxDelayMs: 5 };
const started = { success: true, run_id: randomUUID(), status: 'running' };

describe('the API client', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  it('retries a keyed start after a dropped connection and a 503, sending the same body each time', async () => {
    const target = await scriptedServer([
      'drop',
      { status: 503, body: {}, headers: { 'retry-after': '0' } },
      { status: 201, body: started },
    ]);
    servers.push(target.server);
    const client = createApiClient({ baseUrl: target.url, token: 'cwk_test' });
    const body = { run_request_id: randomUUID(), inputs: { topic: 'x' } };
    const retried: string[] = [];
    const answer = await withRetries(
      () =>
        client.POST('/api/workflows/{workflow_id}/run', {
          params: { path: { workflow_id: '1' } },
          body,
        }),
      FAST,
      (_attempt, reason) => retried.push(reason),
    );
    expect(unwrap(answer)).toEqual(started);
    expect(target.bodies).toEqual([body, body, body]);
    expect(retried).toEqual([expect.stringContaining('fetch failed'), 'HTTP 503']);
  });

  it('does not retry a 4xx, and stops after the last try of a 5xx', async () => {
    const target = await scriptedServer([
      { status: 409, body: {} },
      { status: 500, body: {} },
      { status: 500, body: {} },
    ]);
    servers.push(target.server);
    const client = createApiClient({ baseUrl: target.url });
    const send = () => client.GET('/api/reports');
    expect((await withRetries(send, FAST)).response.status).toBe(409);
    expect((await withRetries(send, { ...FAST, attempts: 2 })).response.status).toBe(500);
    expect(target.bodies).toHaveLength(3);
  });

  it('turns an error envelope into an ApiError with its code, message, request id and scope', async () => {
    const envelope = {
      success: false,
      error: {
        code: 'ACCESS_DENIED',
        message: 'This token lacks a scope.',
        timestamp: new Date().toISOString(),
        request_id: 'req-in-envelope',
        details: { error: 'insufficient_scope', scope: 'wiki:write' },
      },
    };
    const target = await scriptedServer([{ status: 403, body: envelope }]);
    servers.push(target.server);
    const client = createApiClient({ baseUrl: target.url, token: 'cwk_test' });
    let thrown: unknown;
    try {
      unwrap(await client.GET('/api/reports'));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({
      status: 403,
      code: 'ACCESS_DENIED',
      message: 'This token lacks a scope.',
      requestId: 'req-in-envelope',
      missingScope: 'wiki:write',
    });
  });

  it('gives up on a server that never answers, at the deadline', async () => {
    const silent = createServer(() => undefined);
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      timeoutMs: 200,
    });
    const before = Date.now();
    await expect(client.GET('/api/reports')).rejects.toThrow(/abort|timeout/i);
    expect(Date.now() - before).toBeLessThan(5_000);
  });
});
