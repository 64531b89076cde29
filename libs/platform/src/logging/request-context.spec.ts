import Fastify, { type FastifyInstance } from 'fastify';
import { bindRequestContext, currentRequestId } from './request-context';

describe('bindRequestContext', () => {
  let fastify: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    fastify = Fastify({ genReqId: (request) => String(request.headers['x-request-id']) });
    bindRequestContext(fastify);
    fastify.post('/echo', async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { seen: currentRequestId(), body: request.body };
    });
    baseUrl = await fastify.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(() => fastify.close());

  it('knows the request id in the handler after a body was read, and not outside', async () => {
    const answers = await Promise.all(
      ['first-request-01', 'second-request-02'].map(async (id) => {
        const response = await fetch(`${baseUrl}/echo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-request-id': id },
          body: JSON.stringify({ padding: 'x'.repeat(200_000) }),
        });
        return ((await response.json()) as { seen?: string }).seen;
      }),
    );
    expect(answers).toEqual(['first-request-01', 'second-request-02']);
    expect(currentRequestId()).toBeUndefined();
  });
});
