import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { AppError } from './app-error';
import { ErrorCode } from './error-code';
import { sendError } from './send-error';

describe('sendError', () => {
  const lines: Record<string, unknown>[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    const stream = {
      write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
    };
    const logger: FastifyBaseLogger = pino({ level: 'warn' }, stream);
    app = Fastify({ loggerInstance: logger, genReqId: () => 'req-1' });
    app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
    app.get('/unavailable', async () => {
      throw new AppError(ErrorCode.ServiceUnavailable, 'Try again later.', {
        cause: 'smtp: ECONNREFUSED 127.0.0.1:25',
      });
    });
    app.get('/refused', async () => {
      throw AppError.notFound();
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("logs a 5xx refusal's cause on the request's line, and never answers it", async () => {
    const response = await app.inject({ method: 'GET', url: '/unavailable' });
    expect(response.statusCode).toBe(503);
    expect(response.body).not.toContain('ECONNREFUSED');
    expect(response.json()).toMatchObject({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again later.', request_id: 'req-1' },
    });
    expect(lines.find((line) => line.msg === 'Try again later.')).toMatchObject({
      level: 40,
      reqId: 'req-1',
      code: 'SERVICE_UNAVAILABLE',
      cause: 'smtp: ECONNREFUSED 127.0.0.1:25',
    });
  });

  it('writes no line for a refusal below 500', async () => {
    const before = lines.length;
    expect((await app.inject({ method: 'GET', url: '/refused' })).statusCode).toBe(404);
    expect(lines.length).toBe(before);
  });
});
