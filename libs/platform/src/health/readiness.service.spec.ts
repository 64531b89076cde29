import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { HealthModule } from './health.module';
import { ReadinessFailure } from './readiness-check';
import { ReadinessRegistry } from './readiness.registry';
import { READINESS_CHECK_DEADLINE_MS, ReadinessService } from './readiness.service';

describe('ReadinessService', () => {
  let context: INestApplicationContext;
  let registry: ReadinessRegistry;
  let readiness: ReadinessService;

  beforeEach(async () => {
    context = await NestFactory.createApplicationContext(HealthModule, { logger: false });
    registry = context.get(ReadinessRegistry);
    readiness = context.get(ReadinessService);
  });

  afterEach(() => context.close());

  it('reports one entry per check, with backfills, and is ready when all are up', async () => {
    registry.register({ name: 'database', probe: async () => undefined });
    registry.register({ name: 'redis', probe: async () => undefined });
    const report = await readiness.evaluate();
    expect(report.ready).toBe(true);
    expect(Object.keys(report.checks).sort()).toEqual(['backfills', 'database', 'redis']);
    for (const entry of Object.values(report.checks)) {
      expect(entry).toEqual({ status: 'up', latency_ms: expect.any(Number) as number });
    }
  });

  it('cuts a check that never answers at the deadline, while the others run at once', async () => {
    registry.register({ name: 'redis', probe: () => new Promise<void>(() => undefined) });
    registry.register({
      name: 'database',
      probe: () => new Promise<void>((resolve) => setTimeout(resolve, 300)),
    });
    const started = Date.now();
    const report = await readiness.evaluate();
    // Bounded by the deadline, not by the hung check: inside the kubelet's 2 s probe timeout.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(report.ready).toBe(false);
    expect(report.checks.redis).toEqual({
      status: 'down',
      latency_ms: expect.any(Number) as number,
      message: `timeout of ${READINESS_CHECK_DEADLINE_MS}ms exceeded`,
    });
    expect(report.checks.database?.status).toBe('up');
  });

  it('shows a failure without the words of the underlying error', async () => {
    registry.register({
      name: 'database',
      probe: () =>
        Promise.reject(
          Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), { code: 'ECONNREFUSED' }),
        ),
    });
    registry.register({
      name: 'migrations',
      probe: () => Promise.reject(new ReadinessFailure('migrations pending')),
    });
    const { checks } = await readiness.evaluate();
    expect(checks.database?.message).toBe('failed: ECONNREFUSED');
    expect(checks.migrations?.message).toBe('migrations pending');
  });

  it('leaves out a check that does not apply now', async () => {
    let consuming = false;
    registry.register({
      name: 'queue:workflow-runs',
      probe: async () => undefined,
      isApplicable: () => consuming,
    });
    expect(Object.keys((await readiness.evaluate()).checks)).toEqual(['backfills']);
    consuming = true;
    expect(Object.keys((await readiness.evaluate()).checks).sort()).toEqual([
      'backfills',
      'queue:workflow-runs',
    ]);
  });

  it('holds backfills down while one runs and after one failed, up once all finished', async () => {
    let finish: () => void = () => undefined;
    registry.trackBackfill('search-vectors', new Promise<void>((resolve) => (finish = resolve)));
    expect((await readiness.evaluate()).checks.backfills).toMatchObject({
      status: 'down',
      message: 'running: search-vectors',
    });
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await readiness.evaluate()).checks.backfills?.status).toBe('up');

    registry.trackBackfill('page-paths', Promise.reject(new Error('disk full')));
    await new Promise((resolve) => setImmediate(resolve));
    expect((await readiness.evaluate()).checks.backfills).toMatchObject({
      status: 'down',
      message: 'failed: page-paths',
    });
  });

  it('adds the system view beside the entries without letting it gate readiness', async () => {
    registry.showSystem({
      report: async () => ({
        status: 'degraded',
        services: { 'wiki-service': { status: 'down', latency_ms: 1000, message: 'timeout' } },
      }),
    });
    const report = await readiness.evaluate();
    expect(report.ready).toBe(true);
    expect(report.system?.status).toBe('degraded');
  });

  it('runs one check alone for the serving route, and knows when none is registered', async () => {
    registry.register({ name: 'database', probe: async () => undefined });
    expect((await readiness.evaluateOne('database'))?.status).toBe('up');
    expect(await readiness.evaluateOne('nothing')).toBeUndefined();
  });
});
