import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { ApiConsumes, ApiProperty } from '@nestjs/swagger';
import { RoutePolicy, shutdownApp } from '@cw/platform';
import { call, createApiKey, signInTestPerson, type TestApp } from '@cw/testing';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { DataSource } from 'typeorm';
import { startAuthTestApp } from './auth-test-app';

class ProbeBody {
  @ApiProperty() @IsString() name!: string;
  @ApiProperty() @IsInt() @Min(1) @Max(10) count!: number;
}

@Controller('api/test-probe')
class ProbeController {
  constructor(private readonly dataSource: DataSource) {}

  @Post('echo')
  @RoutePolicy({ access: 'public' })
  echo(@Body() body: ProbeBody): ProbeBody {
    return body;
  }

  @Post('form')
  @RoutePolicy({ access: 'public' })
  @ApiConsumes('application/x-www-form-urlencoded')
  form(@Body() body: Record<string, unknown>): Record<string, unknown> {
    return body;
  }

  @Get('wiki')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  wiki(): { ok: true } {
    return { ok: true };
  }

  @Get('operator')
  @RoutePolicy({ access: 'person', operatorRequirements: ['feedback.view'] })
  operator(): { ok: true } {
    return { ok: true };
  }

  @Get('crash')
  @RoutePolicy({ access: 'public' })
  async crash(): Promise<never> {
    await this.dataSource.query('SELECT * FROM secret_table_that_does_not_exist');
    throw new Error('unreachable');
  }

  @Get('hold-connection')
  @RoutePolicy({ access: 'public' })
  async hold(): Promise<{ held: true }> {
    await this.dataSource.query('SELECT pg_sleep(1.5)');
    return { held: true };
  }

  @Get('never-answers')
  @RoutePolicy({ access: 'public' })
  never(): Promise<never> {
    return new Promise<never>(() => undefined);
  }

  @Get('no-policy')
  unguarded(): { leaked: true } {
    return { leaked: true };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('platform contract (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startAuthTestApp({
      modules: [ProbeModule],
      env: {
        DB_POOL_SIZE: '2',
        DB_POOL_TIMEOUT_MS: '300',
        BODY_LIMIT_BYTES: '2048',
      },
    });
  });
  afterAll(() => server.close());

  describe('request ids', () => {
    it('keeps a well-formed incoming X-Request-Id and mints a UUID otherwise', async () => {
      const kept = await call(server.baseUrl, 'GET', '/health', {
        headers: { 'x-request-id': 'trace-abc-12345' },
      });
      expect(kept.headers.get('x-request-id')).toBe('trace-abc-12345');
      const minted = await call(server.baseUrl, 'GET', '/health', {
        headers: { 'x-request-id': 'bad id!' },
      });
      expect(minted.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('puts the same id in the error envelope and the header', async () => {
      const result = await call<{ error: { request_id: string } }>(
        server.baseUrl,
        'GET',
        '/api/nowhere',
      );
      expect(result.body.error.request_id).toBe(result.headers.get('x-request-id'));
    });
  });

  describe('error envelope', () => {
    it('answers an unknown route with 404 NOT_FOUND', async () => {
      const result = await call(server.baseUrl, 'GET', '/api/nowhere');
      expect(result.status).toBe(404);
      expect(result.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
      expect((result.body as { error: { timestamp: string } }).error.timestamp).toMatch(/Z$/);
    });

    it('answers malformed JSON with 400 VALIDATION_ERROR', async () => {
      const result = await call(server.baseUrl, 'POST', '/api/test-probe/echo', {
        rawBody: '{"name": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    });

    it('refuses unknown body fields by name and lists every problem', async () => {
      const result = await call(server.baseUrl, 'POST', '/api/test-probe/echo', {
        body: { name: 'x', count: 99, surprise: true },
      });
      expect(result.status).toBe(400);
      const error = (
        result.body as {
          error: {
            code: string;
            details: { field: string; validation_errors: { field: string }[] };
          };
        }
      ).error;
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details.validation_errors.map((problem) => problem.field).sort()).toEqual([
        'count',
        'surprise',
      ]);
      expect(['count', 'surprise']).toContain(error.details.field);
    });

    it('does not coerce types silently', async () => {
      const result = await call(server.baseUrl, 'POST', '/api/test-probe/echo', {
        body: { name: 'x', count: '3' },
      });
      expect(result.status).toBe(400);
    });

    it('refuses a parsed form or text body on a JSON route with 415, and takes a form where the route declares one', async () => {
      for (const contentType of ['application/x-www-form-urlencoded', 'text/plain']) {
        const refused = await call(server.baseUrl, 'POST', '/api/test-probe/echo', {
          rawBody: 'name=x&count=3',
          headers: { 'content-type': contentType },
        });
        expect(refused.status).toBe(415);
        expect(refused.body).toMatchObject({
          success: false,
          error: {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: `The body is sent as ${contentType}, which this route does not take: send Content-Type: application/json.`,
            details: { content_type: contentType, accepted: ['application/json'] },
          },
        });
      }
      const form = await call(server.baseUrl, 'POST', '/api/test-probe/form', {
        rawBody: 'name=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(201);
      expect(form.body).toEqual({ name: 'x' });
      const text = await call(server.baseUrl, 'POST', '/api/test-probe/form', {
        rawBody: 'name=x',
        headers: { 'content-type': 'text/plain' },
      });
      expect(text.body).toMatchObject({
        error: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          details: { accepted: ['application/json', 'application/x-www-form-urlencoded'] },
        },
      });
      // An empty body of any type is no body: the route's own validation answers.
      const empty = await call(server.baseUrl, 'POST', '/api/test-probe/echo', {
        rawBody: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    });

    it('answers a wrong content type with 415 and an oversized body with 413', async () => {
      const wrongType = await call(server.baseUrl, 'POST', '/api/test-probe/echo', {
        rawBody: 'name=x',
        headers: { 'content-type': 'text/csv' },
      });
      expect(wrongType.status).toBe(415);
      expect(wrongType.body).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
      expect(wrongType.body).toMatchObject({
        error: { message: expect.stringContaining('send Content-Type: application/json') },
      });
      const tooLarge = await call(server.baseUrl, 'POST', '/api/test-probe/echo', {
        body: { name: 'x'.repeat(5000), count: 1 },
      });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    });

    it('answers an unexpected failure with 500 INTERNAL_ERROR and leaks neither SQL nor stack', async () => {
      const result = await call(server.baseUrl, 'GET', '/api/test-probe/crash');
      expect(result.status).toBe(500);
      expect(result.body).toMatchObject({ success: false, error: { code: 'INTERNAL_ERROR' } });
      expect(result.text).not.toMatch(/secret_table|SELECT|at .*\.ts/);
    });

    it('answers 503 DB_POOL_EXHAUSTED with Retry-After when the pool is exhausted', async () => {
      const holders = [1, 2].map(() =>
        call(server.baseUrl, 'GET', '/api/test-probe/hold-connection'),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const starved = await call(server.baseUrl, 'GET', '/api/test-probe/crash');
      expect(starved.status).toBe(503);
      expect(starved.body).toMatchObject({ error: { code: 'DB_POOL_EXHAUSTED' } });
      expect(starved.headers.get('retry-after')).toBe('1');
      expect((await Promise.all(holders)).map((result) => result.status)).toEqual([200, 200]);
    });
  });

  describe('route policy enforcement', () => {
    it('refuses a route that declares no policy', async () => {
      const result = await call(server.baseUrl, 'GET', '/api/test-probe/no-policy');
      expect(result.status).toBe(403);
      expect(result.text).not.toContain('leaked');
    });

    it('answers missing or bad credentials with 401 AUTH_REQUIRED', async () => {
      const attempts: Record<string, string>[] = [
        {},
        { authorization: 'Bearer cwk_not-a-real-token' },
        { authorization: 'Basic abc' },
      ];
      for (const headers of attempts) {
        const result = await call(server.baseUrl, 'GET', '/api/test-probe/wiki', { headers });
        expect(result.status).toBe(401);
        expect(result.body).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
      }
    });

    it('admits by implied scope and refuses a missing scope with insufficient_scope', async () => {
      const person = await signInTestPerson(server.baseUrl);
      const writer = await createApiKey(server.baseUrl, person.cookie, ['wiki:write']);
      expect(
        (await call(server.baseUrl, 'GET', '/api/test-probe/wiki', { token: writer })).status,
      ).toBe(200);
      const other = await createApiKey(server.baseUrl, person.cookie, ['workflows:read']);
      const refused = await call(server.baseUrl, 'GET', '/api/test-probe/wiki', { token: other });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        error: {
          code: 'ACCESS_DENIED',
          details: { error: 'insufficient_scope', scope: 'wiki:read' },
        },
      });
      expect(refused.headers.get('www-authenticate')).toBe(
        'Bearer error="insufficient_scope", scope="wiki:read"',
      );
      expect(
        (await call(server.baseUrl, 'GET', '/api/test-probe/wiki', { cookie: person.cookie }))
          .status,
      ).toBe(200);
    });

    it('checks operator requirements live, and no scope confers one', async () => {
      const person = await signInTestPerson(server.baseUrl);
      const key = await createApiKey(server.baseUrl, person.cookie, ['ops:read', 'operator:all']);
      const refused = await call(server.baseUrl, 'GET', '/api/test-probe/operator', { token: key });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        error: { details: { missing_operator_requirements: ['feedback.view'] } },
      });
      await signInTestPerson(server.baseUrl, {
        email: person.email,
        operator_grants: ['feedback.view'],
      });
      expect(
        (await call(server.baseUrl, 'GET', '/api/test-probe/operator', { token: key })).status,
      ).toBe(200);
    });
  });

  describe('health', () => {
    it('answers /health, /ready and /api/health/serving without credentials', async () => {
      expect((await call(server.baseUrl, 'GET', '/health')).status).toBe(200);
      expect((await call(server.baseUrl, 'GET', '/api/health/serving')).body).toEqual({
        status: 'serving',
      });
      let ready = await call(server.baseUrl, 'GET', '/ready');
      for (let attempt = 0; ready.status !== 200 && attempt < 20; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        ready = await call(server.baseUrl, 'GET', '/ready');
      }
      expect(ready.body).toMatchObject({
        status: 'ready',
        checks: { database: { status: 'up' }, redis: { status: 'up' } },
      });
    });
  });
});

describe('graceful shutdown', () => {
  it('drains an in-flight request before the process closes', async () => {
    const server = await startAuthTestApp({ modules: [ProbeModule] });
    const inFlight = call(server.baseUrl, 'GET', '/api/test-probe/hold-connection');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closing = server.close();
    const drained = await inFlight;
    await closing;
    expect(drained.status).toBe(200);
    expect(drained.body).toEqual({ held: true });
    await expect(fetch(`${server.baseUrl}/health`)).rejects.toThrow();
  });

  it('cuts a request that outlasts the drain limit, then closes', async () => {
    const server = await startAuthTestApp({ modules: [ProbeModule] });
    const stuck = fetch(`${server.baseUrl}/api/test-probe/never-answers`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await shutdownApp(server.app, 300);
    await expect(stuck).rejects.toThrow();
    await expect(fetch(`${server.baseUrl}/health`)).rejects.toThrow();
    await server.database.drop();
  });
});
