import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { SERVICES } from '@cw/platform';
import {
  call,
  createTestDatabase,
  type FuzzOperation,
  type OpenApiLike,
  operationsOf,
  RawConnection,
  requestHead,
  type TestDatabase,
} from '@cw/testing';
import { Pool } from 'undici';
import { ownerOf } from '../src/edge/edge-routes';
import { type CompiledProcess, startGateway } from './edge-processes';

/** One path parameter's value as sent, for each way of writing a dot segment we know of. */
const HOSTILE_SEGMENTS: readonly (readonly [string, string])[] = [
  ['encoded slash', '..%2F..%2Fapi%2Fwiki%2Fpages'],
  ['double-encoded slash', '..%252F..%252Fapi%252Fwiki%252Fpages'],
  ['double-encoded dots and slash', '%252e%252e%252f'],
  ['triple-encoded, digit by digit', '%25%32%65%25%32%65%25%32%66'],
  ['mixed-case encoded dots', '%2e%2E%2f'],
  ['half-encoded dots', '.%2e%2F'],
  ['encoded backslash', '..%5C..%5C'],
  ['double-encoded backslash', '..%255C'],
  ['overlong UTF-8 dots', '%c0%ae%c0%ae%2f'],
  ['double-encoded overlong dots', '%25c0%25ae%25c0%25ae%252f'],
  ['IIS %u dots, encoded', '%25u002e%25u002e%252f'],
  ['dots touching a slash', 'x..%2Fy'],
  ['a segment beginning with dots', '..foo'],
];

interface Envelope {
  success: false;
  error: { code: string; request_id: string };
}

interface Seen {
  service: string;
  method: string;
  url: string;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    });
  });
}

function fill(operation: FuzzOperation, name: string, value: string): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_whole, each: string) =>
    each === name ? value : '1',
  );
}

/**
 * The compiled gateway in front of a recording stand-in for each service: a request the gateway
 * refuses reaches no service (so nothing is written), and one it forwards reaches the service
 * that owns its route with exactly the path sent.
 */
describe('the gateway proxy and path parameters however encoded', () => {
  let database: TestDatabase;
  let gateway: CompiledProcess;
  let operations: FuzzOperation[];
  const seen: Seen[] = [];
  const standIns = SERVICES.map((service) =>
    createServer((request, response) => {
      seen.push({ service: service.name, method: request.method ?? '', url: request.url ?? '' });
      request.resume();
      request.on('end', () =>
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
      );
    }),
  );

  beforeAll(async () => {
    database = await createTestDatabase();
    const urls = await Promise.all(standIns.map(listen));
    gateway = await startGateway(
      database,
      Object.fromEntries(SERVICES.map((service, index) => [service.name, urls[index]])),
    );
    const description = await call<OpenApiLike>(gateway.url, 'GET', '/openapi.json');
    operations = operationsOf(description.body).filter(
      (operation) => operation.pathParameters.length > 0,
    );
  }, 60_000);

  afterAll(async () => {
    await gateway?.stop('SIGKILL');
    await Promise.all(standIns.map((server) => new Promise((resolve) => server.close(resolve))));
    await database?.drop();
  });

  beforeEach(() => {
    seen.length = 0;
  });

  it("answers 400 BAD_REQUEST in the envelope for every form in every path parameter of every proxied operation (a 4xx on the gateway's own), forwarding nothing", async () => {
    expect(operations.length).toBeGreaterThanOrEqual(50);
    const pool = new Pool(gateway.url, { connections: 4 });
    const wrong: string[] = [];
    let sent = 0;
    try {
      for (const operation of operations) {
        for (const name of operation.pathParameters) {
          await Promise.all(
            HOSTILE_SEGMENTS.map(async ([form, value]) => {
              const requestId = `proxy-${randomBytes(6).toString('hex')}`;
              const path = fill(operation, name, value);
              const answer = await pool.request({
                method: operation.method,
                path,
                // No credential: the URL is refused before the credential is looked for.
                headers: { 'x-request-id': requestId, 'content-type': 'application/json' },
                body: operation.method === 'GET' ? undefined : '{}',
              });
              const text = await answer.body.text();
              sent += 1;
              const envelope = JSON.parse(text) as Envelope;
              const header = answer.headers['x-request-id'];
              const got = {
                status: answer.statusCode,
                code: envelope.error?.code,
                header,
                bodyId: envelope.error?.request_id,
              };
              // The gateway's own routes (identity's) forward nothing: they refuse the id itself.
              const proxied = ownerOf(operation.path, SERVICES) !== undefined;
              const refused = proxied
                ? got.status === 400 && got.code === 'BAD_REQUEST'
                : got.status >= 400 && got.status < 500 && typeof got.code === 'string';
              if (!refused || got.header !== requestId || got.bodyId !== requestId) {
                wrong.push(`${form}: ${operation.method} ${path} -> ${JSON.stringify(got)}`);
              }
            }),
          );
        }
      }
    } finally {
      await pool.close();
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(50 * HOSTILE_SEGMENTS.length);
    expect(seen).toEqual([]);
  }, 120_000);

  it.each(HOSTILE_SEGMENTS)(
    'refuses %s on the public link route and on a write, with a credential too',
    async (_form, value) => {
      for (const [method, path, headers] of [
        ['GET', `/public/pages/${value}`, {}],
        [
          'POST',
          `/api/wiki/pages/${value}/appends`,
          { Authorization: 'Bearer cwk_presence', 'Content-Type': 'application/json' },
        ],
      ] as const) {
        const connection = await RawConnection.open(gateway.url);
        connection.write(
          requestHead(method, path, { ...headers, 'Content-Length': method === 'POST' ? 2 : 0 }) +
            (method === 'POST' ? '{}' : ''),
        );
        const answer = await connection.response();
        connection.close();
        const envelope = JSON.parse(answer.body) as Envelope;
        expect({ path, status: answer.status, code: envelope.error.code }).toEqual({
          path,
          status: 400,
          code: 'BAD_REQUEST',
        });
        expect(envelope.error.request_id).toBe(answer.headers['x-request-id']);
      }
      expect(seen).toEqual([]);
    },
  );

  it('forwards what is safe to the service owning the route, with exactly the path sent', async () => {
    const cases: [string, string, string][] = [
      ['/public/pages/cwl_abc-DEF_123', 'wiki-service', '/public/pages/cwl_abc-DEF_123'],
      ['/public/pages/a...b', 'wiki-service', '/public/pages/a...b'],
      ['/public/pages/a%2Fb', 'wiki-service', '/public/pages/a%2Fb'],
      [
        '/api/workflows/runs/a%20b?x=..%252F',
        'workflow-runner',
        '/api/workflows/runs/a%20b?x=..%252F',
      ],
      ['http://127.0.0.1:9/public/pages/abs?q=1', 'wiki-service', '/public/pages/abs?q=1'],
    ];
    for (const [target, service, url] of cases) {
      seen.length = 0;
      const connection = await RawConnection.open(gateway.url);
      connection.write(requestHead('GET', target, { Authorization: 'Bearer cwk_presence' }));
      const answer = await connection.response();
      connection.close();
      expect({ target, status: answer.status, seen }).toEqual({
        target,
        status: 200,
        seen: [{ service, method: 'GET', url }],
      });
    }
  });
});
