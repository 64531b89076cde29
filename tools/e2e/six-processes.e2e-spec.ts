import { join } from 'node:path';
import {
  call,
  createApiKey,
  createTestDatabase,
  signInTestPerson,
  TEST_ACCEPTANCE_SECRET,
  testStack,
  type TestDatabase,
  validateOpenApi,
} from '@cw/testing';
import { renderKustomization } from '../deploy-check/kustomize-render';
import { probePaths } from '../deploy-check/probe-paths';
import { freePort } from '../local-stack/ports';
import { type RunningSystem, startSystem } from '../start/system';

const REPO_ROOT = join(__dirname, '../..');

/** The deployed shape: six processes behind the gateway, plus a one-process replica. */
describe('six processes behind the gateway', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  let replica: RunningSystem;
  let gateway: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const common = {
      databaseUrl: database.url,
      redisUrl: testStack().redisUrl,
      logDir: join(REPO_ROOT, '.data', 'logs', 'e2e'),
      distDir: join(REPO_ROOT, 'dist'),
      env: {
        ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
        QUEUE_PREFIX: `cwe2e-${process.pid}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      },
    };
    [system, replica] = await Promise.all([
      startSystem({ ...common, mode: 'six-processes', gatewayPort: await freePort() }),
      startSystem({ ...common, mode: 'single-process', gatewayPort: await freePort() }),
    ]);
    gateway = system.gatewayUrl;
  }, 90_000);

  afterAll(async () => {
    await Promise.all([system?.stop(), replica?.stop()]);
    await database?.drop();
  });

  it('routes each owned prefix to its service, passing the request id through', async () => {
    for (const path of [
      '/api/wiki/no-such-route',
      '/api/workflows/x/no-such-route',
      '/api/report-hooks/x',
      '/api/feedback/x',
      '/mcp/x',
    ]) {
      const result = await call<{ error: { code: string; request_id: string } }>(
        gateway,
        'GET',
        path,
        {
          headers: { 'x-request-id': `e2e-trace-${path.length}-abcdef` },
        },
      );
      expect({ path, status: result.status }).toEqual({ path, status: 404 });
      expect(result.body.error.code).toBe('NOT_FOUND');
      expect(result.headers.get('x-request-id')).toBe(`e2e-trace-${path.length}-abcdef`);
      expect(result.body.error.request_id).toBe(`e2e-trace-${path.length}-abcdef`);
    }
  });

  it('serves the wiki through the gateway, and the wiki service authenticates the same key itself', async () => {
    const person = await signInTestPerson(gateway);
    const token = await createApiKey(gateway, person.cookie, ['wiki:write']);
    const saved = await call<{ created: { page_public_id: string } }>(
      gateway,
      'POST',
      '/api/wiki/pages/upserts',
      {
        token,
        body: { title: 'Through the gateway', markdown: 'proxied body' },
      },
    );
    expect(saved.status).toBe(200);
    const id = saved.body.created.page_public_id;
    const wiki = system.processes.find((running) => running.name === 'wiki-service')!;
    for (const base of [gateway, wiki.url]) {
      const read = await call<{ page: { content_md: string } }>(
        base,
        'GET',
        `/api/wiki/pages/${id}`,
        { token },
      );
      expect({ base, status: read.status, body: read.body.page.content_md }).toEqual({
        base,
        status: 200,
        body: 'proxied body',
      });
    }
    expect((await call(wiki.url, 'GET', `/api/wiki/pages/${id}`)).status).toBe(401);
  });

  it('answers for a stopped service with 503 in the envelope, and keeps serving the rest', async () => {
    const wiki = system.processes.find((running) => running.name === 'wiki-service')!;
    wiki.child.kill('SIGTERM');
    await new Promise((resolve) => wiki.child.once('exit', resolve));
    // With a credential: the gateway refuses a person route without one itself (401).
    const down = await call(gateway, 'GET', '/api/wiki/pages/1', { token: 'cwk_any' });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(down.headers.get('retry-after')).toBe('1');
    expect((await call(gateway, 'GET', '/api/feedback/x')).status).toBe(404);
  });

  it('serves one valid OpenAPI 3.1 description that unites every service', async () => {
    const result = await call<{ openapi: string; paths: Record<string, unknown> }>(
      gateway,
      'GET',
      '/openapi.json',
    );
    expect(result.status).toBe(200);
    expect(result.body.openapi).toBe('3.1.0');
    expect(Object.keys(result.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/api-keys',
        '/api/acceptance/auth/exchange',
        '/health',
        '/ready',
      ]),
    );
    expect((await validateOpenApi(result.body)).errors).toEqual([]);
  });

  it('makes a revoked key and a signed-out session fail at once in another process', async () => {
    const person = await signInTestPerson(gateway);
    const token = await createApiKey(gateway, person.cookie, ['wiki:read']);
    const keys = await call<{ api_keys: { id: string }[] }>(gateway, 'GET', '/api/auth/api-keys', {
      cookie: person.cookie,
    });
    // Warm the replica's credential cache: the key resolves (then the session-only route refuses it).
    expect((await call(replica.gatewayUrl, 'GET', '/api/auth/api-keys', { token })).status).toBe(
      403,
    );
    expect(
      (await call(replica.gatewayUrl, 'GET', '/api/auth/api-keys', { cookie: person.cookie }))
        .status,
    ).toBe(200);

    expect(
      (
        await call(gateway, 'DELETE', `/api/auth/api-keys/${keys.body.api_keys[0].id}`, {
          cookie: person.cookie,
        })
      ).status,
    ).toBe(204);
    expect((await call(replica.gatewayUrl, 'GET', '/api/auth/api-keys', { token })).status).toBe(
      401,
    );

    expect(
      (await call(gateway, 'POST', '/api/auth/sign-out', { cookie: person.cookie })).status,
    ).toBe(200);
    expect(
      (await call(replica.gatewayUrl, 'GET', '/api/auth/api-keys', { cookie: person.cookie }))
        .status,
    ).toBe(401);
  });

  it('answers every Kubernetes probe path of the manifests on every process', async () => {
    const paths = probePaths(renderKustomization(join(REPO_ROOT, 'k8s/overlays/production')));
    expect(paths.length).toBeGreaterThan(0);
    const live = [
      ...system.processes.filter((each) => each.name !== 'wiki-service'),
      ...replica.processes,
    ];
    for (const running of live) {
      for (const path of paths) {
        expect({
          process: running.name,
          path,
          status: (await call(running.url, 'GET', path)).status,
        }).toEqual({
          process: running.name,
          path,
          status: 200,
        });
      }
    }
  });

  it('has every process ready and healthy', async () => {
    for (const running of [
      ...system.processes.filter((each) => each.name !== 'wiki-service'),
      ...replica.processes,
    ]) {
      expect({
        name: running.name,
        status: (await call(running.url, 'GET', '/ready')).status,
      }).toEqual({
        name: running.name,
        status: 200,
      });
    }
  });
});
