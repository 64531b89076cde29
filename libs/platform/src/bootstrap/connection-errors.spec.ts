import { RawConnection, type RawResponse, requestHead } from '@cw/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { requestIdOf } from '../http/request-id';
import { ConnectionErrors } from './connection-errors';

function envelopeOf(response: RawResponse): { code: string; request_id: string } {
  return (JSON.parse(response.body) as { error: { code: string; request_id: string } }).error;
}

describe('ConnectionErrors', () => {
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    const errors = new ConnectionErrors();
    app = Fastify({
      genReqId: requestIdOf,
      requestTimeout: 1000,
      http: { requestTimeout: 1000, headersTimeout: 1000, connectionsCheckingInterval: 100 },
      frameworkErrors: errors.onFrameworkError,
      clientErrorHandler: errors.onClientError,
    });
    errors.install(app);
    app.get('/pages/:id', async () => ({ ok: true }));
    app.post('/pages', async () => ({ ok: true }));
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  async function send(raw: string): Promise<RawResponse> {
    const connection = await RawConnection.open(baseUrl);
    connection.write(raw);
    try {
      return await connection.response();
    } finally {
      connection.close();
    }
  }

  it('answers a bad URL encoding and an over-long path parameter in the envelope', async () => {
    const bad = await send(
      requestHead('GET', '/pages/%C0%AE', { 'X-Request-Id': 'client-trace-0001' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.headers['x-request-id']).toBe('client-trace-0001');
    expect(envelopeOf(bad)).toMatchObject({ code: 'BAD_REQUEST', request_id: 'client-trace-0001' });

    const long = await send(requestHead('GET', `/pages/${'a'.repeat(201)}`));
    expect(long.status).toBe(414);
    expect(envelopeOf(long).request_id).toBe(long.headers['x-request-id']);
  });

  it('answers a request the parser refuses in the envelope, with a request id', async () => {
    const malformed = await send('GET /pages/1 HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n');
    expect(malformed.status).toBe(400);
    expect(envelopeOf(malformed)).toMatchObject({
      code: 'BAD_REQUEST',
      request_id: malformed.headers['x-request-id'],
    });
  });

  it('answers a body not received by the deadline with 408, naming the request being received', async () => {
    const connection = await RawConnection.open(baseUrl);
    connection.write(
      requestHead('POST', '/pages', {
        'X-Request-Id': 'slow-body-trace-01',
        'Content-Type': 'application/json',
        'Content-Length': 100,
      }),
    );
    connection.write('{');
    const cut = await connection.response();
    expect(cut.status).toBe(408);
    expect(cut.headers.connection).toBe('close');
    expect(envelopeOf(cut)).toMatchObject({
      code: 'BAD_REQUEST',
      request_id: 'slow-body-trace-01',
    });
    await connection.closed;
  });
});
