import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Agent } from 'undici';
import { postForStatus, type StatusPost } from './post-for-status';

const TIMEOUT_MS = 300;
const READ_LIMIT = 1024;

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

describe('postForStatus', () => {
  let server: Server;
  let answer: Answer;
  let url: URL;
  const sockets = new Set<Socket>();
  let connections = 0;
  const bodies: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        answer(request, response);
      });
    });
    server.on('connection', (socket: Socket) => {
      connections += 1;
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks?via=test`);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    bodies.length = 0;
    connections = 0;
  });

  const withAgent = async <T>(connectionsAtOnce: number, use: (agent: Agent) => Promise<T>) => {
    const agent = new Agent({ connections: connectionsAtOnce });
    try {
      return await use(agent);
    } finally {
      await agent.destroy();
    }
  };

  const post = (body: string, overrides: Partial<StatusPost> = {}): StatusPost => ({
    url,
    headers: { 'content-type': 'application/json', 'x-test': 'yes' },
    body: Buffer.from(body),
    timeoutMs: TIMEOUT_MS,
    answerReadLimit: READ_LIMIT,
    ...overrides,
  });

  it('sends the body and headers to the path and query, and answers each status, many at once', async () => {
    const seen: { path?: string; header?: string | string[] }[] = [];
    answer = (request, response) => {
      seen.push({ path: request.url, header: request.headers['x-test'] });
      response.writeHead(Number(request.headers['x-status'] ?? 200)).end('ok');
    };
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout');
    const before = timers().length;
    const outcomes = await withAgent(4, (agent) =>
      Promise.all(
        [200, 204, 410, 500, 308, 429].map((status) =>
          postForStatus(
            agent,
            post(`{"n":${status}}`, { headers: { 'x-test': 'yes', 'x-status': String(status) } }),
          ),
        ),
      ),
    );
    expect(outcomes.map((outcome) => outcome.kind === 'answered' && outcome.status)).toEqual([
      200, 204, 410, 500, 308, 429,
    ]);
    expect(bodies.sort()).toEqual([
      '{"n":200}',
      '{"n":204}',
      '{"n":308}',
      '{"n":410}',
      '{"n":429}',
      '{"n":500}',
    ]);
    expect(seen.every(({ path, header }) => path === '/hooks?via=test' && header === 'yes')).toBe(
      true,
    );
    expect(timers().length).toBeLessThanOrEqual(before);
  });

  it('reads a short answer to its end and sends the next request on the same connection', async () => {
    answer = (_request, response) => response.writeHead(200).end('x'.repeat(READ_LIMIT));
    await withAgent(1, async (agent) => {
      for (let round = 0; round < 3; round += 1) {
        await expect(postForStatus(agent, post('{}'))).resolves.toEqual({
          kind: 'answered',
          status: 200,
        });
      }
    });
    expect(connections).toBe(1);
  });

  it('keeps the status of an answer longer than the read limit and closes its connection', async () => {
    answer = (_request, response) => response.writeHead(202).end('x'.repeat(64 * READ_LIMIT));
    await withAgent(1, async (agent) => {
      await expect(postForStatus(agent, post('{}'))).resolves.toEqual({
        kind: 'answered',
        status: 202,
      });
      await expect(postForStatus(agent, post('{}'))).resolves.toEqual({
        kind: 'answered',
        status: 202,
      });
    });
    expect(connections).toBe(2);
  });

  it('ends a request that gets no answer as a timeout, at its deadline', async () => {
    answer = () => undefined;
    const started = Date.now();
    const outcome = await withAgent(1, (agent) => postForStatus(agent, post('{}')));
    expect(outcome).toEqual({ kind: 'timeout' });
    // The timer counts from the event loop's cached clock, which may lag Date.now() a little.
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
  });

  it('answers the status of an answer whose body never ends, at the deadline', async () => {
    answer = (_request, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('partial');
    };
    await expect(withAgent(1, (agent) => postForStatus(agent, post('{}')))).resolves.toEqual({
      kind: 'answered',
      status: 200,
    });
  });

  it('times out a request that waited for a connection past its deadline, and never sends it', async () => {
    answer = (request, response) => {
      if (request.headers['x-test'] === 'first') return; // holds the only connection
      response.writeHead(200).end();
    };
    const outcomes = await withAgent(1, (agent) =>
      Promise.all([
        postForStatus(agent, post('{"first":true}', { headers: { 'x-test': 'first' } })),
        postForStatus(agent, post('{"second":true}')),
      ]),
    );
    expect(outcomes).toEqual([{ kind: 'timeout' }, { kind: 'timeout' }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bodies).toEqual(['{"first":true}']);
  });

  it('calls a reset connection, a refused connection and a closed dispatcher failures', async () => {
    answer = (_request, response) => response.socket?.destroy();
    const reset = await withAgent(1, (agent) => postForStatus(agent, post('{}')));
    expect(reset).toMatchObject({ kind: 'failed', error: expect.any(Error) });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await withAgent(1, (agent) =>
      postForStatus(agent, post('{}', { url: new URL(`http://127.0.0.1:${port}/hooks`) })),
    );
    expect(refused).toMatchObject({
      kind: 'failed',
      error: expect.objectContaining({ code: 'ECONNREFUSED' }),
    });

    const agent = new Agent();
    await agent.close();
    await expect(postForStatus(agent, post('{}'))).resolves.toMatchObject({ kind: 'failed' });
  });
});
