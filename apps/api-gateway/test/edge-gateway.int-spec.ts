import { createHash } from 'node:crypto';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import {
  call,
  createTestDatabase,
  RawConnection,
  type RawResponse,
  requestHead,
  type TestDatabase,
} from '@cw/testing';
import { type CompiledProcess, startGateway } from './edge-processes';

interface Echo {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  sha256: string;
  length: number;
}

const UPSTREAM_TIMEOUT_MS = 1500;
const REQUEST_TIMEOUT_MS = 3000;
const HEADERS_TIMEOUT_MS = 2000;
/** Generous: the machine running the tests may be busy. */
const PROMPT_MS = 15_000;
const PERSON_ROUTE = '/api/workflows/blocks/design';
const BEARER = { Authorization: 'Bearer cwk_presence-is-all-the-gateway-checks' };

function listen(server: Server | TcpServer): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    });
  });
}

function expectEnvelope(response: RawResponse, status: number, code: string): void {
  expect({
    status: response.status,
    code: (JSON.parse(response.body) as Envelope).error.code,
  }).toEqual({ status, code });
  const requestId = response.headers['x-request-id'];
  expect(requestId).toEqual(expect.any(String));
  expect((JSON.parse(response.body) as Envelope).error.request_id).toBe(requestId);
}

interface Envelope {
  success: false;
  error: { code: string; request_id: string; message: string };
}

/** The compiled gateway in front of stand-in services: one that echoes, one that never answers. */
describe('the gateway edge (against stand-in services)', () => {
  let database: TestDatabase;
  let gateway: CompiledProcess;
  const echoed: Echo[] = [];
  const held: Socket[] = [];
  const echo = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const seen: Echo = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        sha256: createHash('sha256').update(body).digest('hex'),
        length: body.length,
      };
      echoed.push(seen);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen));
    });
  });
  const frozen = createTcpServer((socket) => void held.push(socket));

  beforeAll(async () => {
    database = await createTestDatabase();
    const [echoUrl, frozenUrl] = await Promise.all([listen(echo), listen(frozen)]);
    gateway = await startGateway(
      database,
      {
        'wiki-service': frozenUrl,
        'workflow-runner': echoUrl,
        'hook-dispatcher': echoUrl,
        'feedback-intake': echoUrl,
        'mcp-server': echoUrl,
      },
      {
        UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      },
    );
  }, 60_000);

  afterAll(async () => {
    await gateway?.stop('SIGKILL');
    for (const socket of held) socket.destroy();
    await Promise.all([
      new Promise((resolve) => echo.close(resolve)),
      new Promise((resolve) => frozen.close(resolve)),
    ]);
    await database?.drop();
  });

  beforeEach(() => {
    echoed.length = 0;
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After when a service does not answer in time', async () => {
    const began = Date.now();
    const [stuck, other] = await Promise.all([
      call(gateway.url, 'GET', '/api/wiki/pages/1', { token: 'cwk_x' }),
      call(gateway.url, 'GET', '/api/workflow-capabilities', { token: 'cwk_x' }),
    ]);
    const waited = Date.now() - began;
    expect(stuck.status).toBe(503);
    expect(stuck.body).toMatchObject({
      success: false,
      error: {
        code: 'SERVICE_UNAVAILABLE',
        details: { service: 'wiki-service', reason: 'timeout' },
      },
    });
    expect(stuck.headers.get('retry-after')).toBe('5');
    expect(stuck.headers.get('x-request-id')).toEqual(expect.any(String));
    expect(waited).toBeGreaterThanOrEqual(UPSTREAM_TIMEOUT_MS - 100);
    expect(waited).toBeLessThan(PROMPT_MS);
    expect(other.status).toBe(200);
  }, 30_000);

  it('overwrites the forwarding headers with what it saw, trusting no client', async () => {
    const result = await call<Echo>(gateway.url, 'GET', '/api/workflow-capabilities?x=1', {
      token: 'cwk_x',
      headers: {
        'x-forwarded-for': '10.0.0.1',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
        forwarded: 'for=10.0.0.2;proto=https',
        'x-request-id': 'edge-test-forwarding-1',
      },
    });
    expect(result.status).toBe(200);
    const { headers, url } = result.body;
    expect(url).toBe('/api/workflow-capabilities?x=1');
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-request-id']).toBe('edge-test-forwarding-1');
  });

  it('sends a body on byte for byte once it has it whole, answering Expect itself', async () => {
    const signed = Buffer.from('{ "text" :"é\\u00e9 \u{1f600}",\n "n": 1.50 }\r\n', 'utf8');
    const hash = createHash('sha256').update(signed).digest('hex');
    const connection = await RawConnection.open(gateway.url);
    connection.write(
      requestHead('POST', '/api/workflows/hooks/wf_public/tok', {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': signed.length,
        Expect: '100-continue',
      }),
    );
    expect((await connection.response()).status).toBe(100);
    connection.write(signed.subarray(0, 7));
    connection.write(signed.subarray(7));
    const answer = await connection.response();
    expect(answer.status).toBe(200);
    const seen = JSON.parse(answer.body) as Echo;
    expect(seen).toMatchObject({ sha256: hash, length: signed.length });
    expect(seen.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(seen.headers['content-length']).toBe(String(signed.length));
    expect(seen.headers.expect).toBeUndefined();

    connection.write(
      requestHead('POST', '/api/workflows/hooks/wf_public/tok', { 'Transfer-Encoding': 'chunked' }),
    );
    connection.write(`${signed.length.toString(16)}\r\n`);
    connection.write(Buffer.concat([signed, Buffer.from('\r\n0\r\n\r\n')]));
    const chunked = JSON.parse((await connection.response()).body) as Echo;
    expect(chunked).toMatchObject({ sha256: hash, length: signed.length });
    expect(chunked.headers['transfer-encoding']).toBeUndefined();
    expect(chunked.headers['content-type']).toBeUndefined();
    connection.close();
  });

  it('drops hop-by-hop headers a service must not get instead of failing the request', async () => {
    const connection = await RawConnection.open(gateway.url);
    connection.write(
      requestHead('GET', '/api/workflow-capabilities', {
        ...BEARER,
        Upgrade: 'websocket',
        'Keep-Alive': 'timeout=5',
        TE: 'trailers',
        'Proxy-Connection': 'keep-alive',
      }),
    );
    const answer = await connection.response();
    expect(answer.status).toBe(200);
    const seen = JSON.parse(answer.body) as Echo;
    for (const name of ['upgrade', 'keep-alive', 'te', 'proxy-connection']) {
      expect(seen.headers[name]).toBeUndefined();
    }
    connection.close();
  });

  it('refuses a person route without a credential from its headers: no 100 Continue, no body read', async () => {
    const connection = await RawConnection.open(gateway.url);
    connection.write(
      requestHead('POST', PERSON_ROUTE, {
        'Content-Type': 'application/json',
        'Content-Length': 100_000,
        Expect: '100-continue',
      }),
    );
    const refused = await connection.response();
    expectEnvelope(refused, 401, 'AUTH_REQUIRED');
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    await connection.closed;
    expect(echoed).toEqual([]);
  });

  it('answers 413 from a declared length over the limit, and the keep-alive connection goes on', async () => {
    const connection = await RawConnection.open(gateway.url);
    const oversized = 2 * 1024 * 1024;
    connection.write(
      requestHead('POST', PERSON_ROUTE, {
        ...BEARER,
        'Content-Type': 'application/json',
        'Content-Length': oversized,
      }),
    );
    connection.write(Buffer.alloc(oversized, 0x20));
    connection.write(requestHead('GET', '/api/workflow-capabilities', BEARER));
    const refused = await connection.response();
    expectEnvelope(refused, 413, 'PAYLOAD_TOO_LARGE');
    expect((await connection.response()).status).toBe(200);

    connection.write(
      requestHead('POST', PERSON_ROUTE, {
        ...BEARER,
        'Content-Type': 'application/json',
        'Transfer-Encoding': 'chunked',
      }),
    );
    for (let sent = 0; sent <= oversized; sent += 65_536) {
      connection.write(`10000\r\n${' '.repeat(65_536)}\r\n`);
    }
    connection.write('0\r\n\r\n');
    connection.write(requestHead('GET', '/api/workflow-capabilities', BEARER));
    expectEnvelope(await connection.response(), 413, 'PAYLOAD_TOO_LARGE');
    expect((await connection.response()).status).toBe(200);
    connection.close();

    const expecting = await RawConnection.open(gateway.url);
    expecting.write(
      requestHead('POST', PERSON_ROUTE, {
        ...BEARER,
        'Content-Length': oversized,
        Expect: '100-continue',
      }),
    );
    expectEnvelope(await expecting.response(), 413, 'PAYLOAD_TOO_LARGE');
    await expecting.closed;
    expect(echoed.map((each) => each.method)).toEqual(['GET', 'GET']);
  });

  it('cuts a request whose headers or body trickle past their deadline with 408 in the envelope', async () => {
    const began = Date.now();
    const body = await RawConnection.open(gateway.url);
    body.write(requestHead('POST', PERSON_ROUTE, { ...BEARER, 'Content-Length': 1000 }));
    const headers = await RawConnection.open(gateway.url);
    headers.write('GET /api/workflow-capabilities HTTP/1.1\r\nHost: localhost\r\n');
    const trickle = setInterval(() => {
      body.write('x');
      headers.write('X-Slow: 1\r\n');
    }, 250);
    try {
      const [bodyCut, headersCut] = await Promise.all([
        body.response(PROMPT_MS),
        headers.response(PROMPT_MS),
      ]);
      expectEnvelope(bodyCut, 408, 'BAD_REQUEST');
      expectEnvelope(headersCut, 408, 'BAD_REQUEST');
      expect(Date.now() - began).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
      await Promise.all([body.closed, headers.closed]);
    } finally {
      clearInterval(trickle);
    }
    expect(echoed).toEqual([]);
  }, 30_000);

  it('answers URL-level bad input in the envelope with X-Request-Id', async () => {
    const cases: [string, number][] = [
      ['/api/workflow-capabilities?a=%ff', 400],
      ['/api/wiki/pages/%C0%AE', 400],
      ['/public/pages/..%2F..%2Fapi%2Fwiki%2Fpages', 400],
      ['/public/pages/%2e%2e/%2e%2e/api/wiki/pages', 400],
    ];
    for (const [path, status] of cases) {
      const connection = await RawConnection.open(gateway.url);
      connection.write(requestHead('GET', path, BEARER));
      const answer = await connection.response();
      expect({ path, status: answer.status }).toEqual({ path, status });
      expectEnvelope(answer, status, 'BAD_REQUEST');
      connection.close();
    }
    const malformed = await RawConnection.open(gateway.url);
    malformed.write(
      'GET /api/workflow-capabilities HTTP/1.1\r\nHost: localhost\r\nNo colon here\r\n\r\n',
    );
    expectEnvelope(await malformed.response(), 400, 'BAD_REQUEST');
    expect(echoed).toEqual([]);
  });
});
