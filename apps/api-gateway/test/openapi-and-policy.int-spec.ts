import { routeInventory } from '@cw/platform';
import { call, startTestApp, type TestApp, validateOpenApi } from '@cw/testing';
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
});
