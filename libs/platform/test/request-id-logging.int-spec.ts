import { Body, Controller, Module, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RoutePolicy } from '../src/policy/route-policy.decorator';
import { call, startContextTestApp, type TestApp } from '@cw/testing';
import pino from 'pino';

@Controller('api/test-logging')
class LoggingProbeController {
  @Post()
  @RoutePolicy({ access: 'public' })
  async echo(
    @Body() body: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ): Promise<{ ok: true }> {
    const log = request.log.child({ context: 'LoggingProbe' });
    log.info(`before the await (${Object.keys(body).length} fields)`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    log.warn('after the await');
    return { ok: true };
  }
}

@Module({ controllers: [LoggingProbeController] })
class LoggingProbeModule {}

describe('log lines written while a request is handled', () => {
  let server: TestApp;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = {
      write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
    };
    server = await startContextTestApp({
      modules: [LoggingProbeModule],
      logger: pino({ level: 'info' }, stream),
    });
  });

  afterAll(() => server?.close());

  it("carry the request's id when written through the request's logger, each its own", async () => {
    const ids = ['logging-probe-0001', 'logging-probe-0002', 'logging-probe-0003'];
    const results = await Promise.all(
      ids.map((id) =>
        call(server.baseUrl, 'POST', '/api/test-logging', {
          body: { id, padding: 'x'.repeat(100_000) },
          headers: { 'x-request-id': id },
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([201, 201, 201]);
    const probeLines = lines.filter((line) => line.context === 'LoggingProbe');
    expect(probeLines).toHaveLength(6);
    for (const id of ids) {
      expect(probeLines.filter((line) => line.reqId === id).map((line) => line.msg)).toEqual([
        'before the await (2 fields)',
        'after the await',
      ]);
    }
    for (const id of ids) {
      expect(
        lines.find((line) => line.msg === 'request completed' && line.reqId === id),
      ).toMatchObject({ status: 201, url: '/api/test-logging' });
    }
  });
});
