import Fastify, { type FastifyInstance } from 'fastify';
import { sendError } from '../errors/send-error';
import { installJsonBodyParser, MAX_JSON_DEPTH, nestsDeeperThan } from './json-body-parser';

describe('nestsDeeperThan', () => {
  const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('counts arrays and objects, up to the limit and past it', () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`, 64)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '['.repeat(500) }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: '\\"[[[[' }), 2)).toBe(false);
  });
});

describe('the JSON body parser', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    installJsonBodyParser(app);
    app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
    app.post('/echo', async (request) => ({ body: request.body }));
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('parses JSON up to the depth limit as before', async () => {
    const depth = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    const answer = await post(`{"a":1,"b":${depth.slice(1, -1)}}`);
    expect(answer.statusCode).toBe(200);
  });

  it.each([
    ['nested 2,000 levels', `{"a":${'['.repeat(2_000)}${']'.repeat(2_000)}}`, 'deeper than 64'],
    ['cut short', '{"title":', 'not valid JSON'],
    ['empty', '', 'empty'],
    ['a prototype key', '{"__proto__":{"admin":true}}', '__proto__'],
  ])(
    'refuses a body %s with 400 VALIDATION_ERROR naming the body',
    async (_case, payload, says) => {
      const answer = await post(payload);
      expect(answer.statusCode).toBe(400);
      const { error } = answer.json<{
        error: { code: string; message: string; details: Record<string, unknown> };
      }>();
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toContain(says);
      expect(error.details).toMatchObject({
        field: '(body)',
        validation_errors: [{ field: '(body)', message: expect.stringContaining(says) }],
      });
    },
  );
});
