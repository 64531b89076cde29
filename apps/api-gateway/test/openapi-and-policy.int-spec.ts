import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { routeInventory, SERVICES } from '@cw/platform';
import {
  call,
  createTestDatabase,
  freePort,
  startTestApp,
  type TestApp,
  type TestDatabase,
  testStack,
  validateOpenApi,
} from '@cw/testing';
import { SingleProcessModule } from '../src/single-process.module';

const X_SERVICE_KEYS = [
  'authentication',
  'mcp_tools',
  'operator_requirements',
  'policy_requirements',
  'required_scopes',
  'resource_authorization',
];
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const GATEWAY_ENTRY = join(__dirname, '../../../dist/apps/api-gateway/src/main.js');

/** The compiled gateway as deployed, alone: every service it forwards to is unreachable. */
async function startLoneGateway(
  database: TestDatabase,
): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [GATEWAY_ENTRY], {
    env: {
      ...process.env,
      ...Object.fromEntries(SERVICES.map((service) => [service.urlVariable, 'http://127.0.0.1:9'])),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: testStack().redisUrl,
      QUEUE_PREFIX: `cwtest-${randomBytes(4).toString('hex')}`,
    },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode}`);
    const health = await fetch(`${baseUrl}/health`).catch(() => undefined);
    if (health?.ok) return { baseUrl, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the gateway did not answer /health within 30 s');
}

describe('OpenAPI description and route policies of the whole composition', () => {
  let server: TestApp;
  let document: Record<string, unknown> & {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };

  beforeAll(async () => {
    server = await startTestApp(SingleProcessModule);
    const result = await call<typeof document>(server.baseUrl, 'GET', '/openapi.json');
    expect(result.status).toBe(200);
    document = result.body;
  });
  afterAll(() => server.close());

  it('declares a policy on every route (secure by default)', () => {
    const routes = routeInventory(server.app);
    expect(routes.length).toBeGreaterThan(5);
    expect(
      routes
        .filter((route) => !route.policy)
        .map((route) => `${route.controller}.${route.handler}`),
    ).toEqual([]);
  });

  it('is a valid OpenAPI 3.1.0 document with info.version 0.2.0', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect((document.info as { version: string }).version).toBe('0.2.0');
    const result = await validateOpenApi(document);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('gives every operation x-service with exactly the six keys, and the error responses', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(5);
    for (const { path, method, operation } of operations) {
      const xService = operation['x-service'] as Record<string, unknown> | undefined;
      expect({ path, method, keys: Object.keys(xService ?? {}).sort() }).toEqual({
        path,
        method,
        keys: X_SERVICE_KEYS,
      });
      expect(['person', 'route_specific']).toContain(xService!.authentication);
      const responses = operation.responses as Record<string, unknown>;
      for (const status of ['400', '401', '403', '404', '500', '503'])
        expect(responses).toHaveProperty(status);
    }
  });

  it('lists the identity routes with their request schemas', () => {
    const createKey = document.paths['/api/auth/api-keys'].post;
    expect(createKey['x-service']).toMatchObject({
      authentication: 'person',
      policy_requirements: ['session_cookie_only'],
    });
    expect(JSON.stringify(createKey.requestBody)).toContain('CreateApiKeyDto');
    expect(document.paths['/api/acceptance/auth/exchange'].post['x-service']).toMatchObject({
      authentication: 'route_specific',
    });
  });

  describe('served by the gateway with no service running', () => {
    let database: TestDatabase;
    let gateway: { baseUrl: string; child: ChildProcess };

    beforeAll(async () => {
      database = await createTestDatabase();
      gateway = await startLoneGateway(database);
    });
    afterAll(async () => {
      const exited = new Promise((resolve) => gateway?.child.once('exit', resolve));
      gateway?.child.kill('SIGTERM');
      await exited;
      await database.drop();
    });

    it("holds every service's operations and schemas, exactly as the one process describes them", async () => {
      const result = await call<typeof document>(gateway.baseUrl, 'GET', '/openapi.json');
      expect(result.status).toBe(200);
      expect(result.body.paths).toEqual(document.paths);
      expect(result.body.components).toEqual(document.components);
      expect(result.body.paths['/api/wiki/pages/{page_id}/edits']?.post['x-service']).toMatchObject(
        {
          authentication: 'person',
          required_scopes: ['wiki:write'],
        },
      );
      const validation = await validateOpenApi(result.body);
      expect(validation.errors).toEqual([]);
    });
  });
});
