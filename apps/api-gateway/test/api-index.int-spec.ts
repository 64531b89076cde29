import { call, startTestApp, type TestApp } from '@cw/testing';
import { SingleProcessModule } from '../src/single-process.module';

interface ApiIndex {
  name: string;
  version: string;
  links: Record<string, string>;
}

interface Description {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, unknown> };
}

/** Booting the whole composition takes seconds on a loaded machine. */
const START_TIMEOUT_MS = 120_000;

describe('GET /api, / and /docs', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(SingleProcessModule);
  }, START_TIMEOUT_MS);
  afterAll(() => server?.close());

  it("answers the index without a credential: the description's name and version, and links", async () => {
    const index = await call<ApiIndex>(server.baseUrl, 'GET', '/api');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^application\/json/);
    const description = await call<Description>(server.baseUrl, 'GET', '/openapi.json');
    expect(index.body).toEqual({
      name: description.body.info.title,
      version: '0.2.0',
      links: {
        openapi: '/openapi.json',
        docs: '/api/developer/contracts',
        operations: '/api/developer/operations',
        health: '/health',
        ready: '/ready',
        serving: '/api/health/serving',
        mcp: '/mcp',
        oauth_authorization_server: '/.well-known/oauth-authorization-server',
        oauth_protected_resource: '/.well-known/oauth-protected-resource',
        oauth_protected_resource_mcp: '/.well-known/oauth-protected-resource/mcp',
      },
    });
  });

  it('links only to what this system serves: public parts answer 200, the rest ask for a credential', async () => {
    const { links } = (await call<ApiIndex>(server.baseUrl, 'GET', '/api')).body;
    const statuses = Object.fromEntries(
      await Promise.all(
        Object.entries(links).map(async ([name, path]) => {
          // The MCP server takes POSTs only (it is stateless: no stream to GET).
          const response = await call(server.baseUrl, name === 'mcp' ? 'POST' : 'GET', path, {
            headers: { accept: 'application/json, text/event-stream' },
            ...(name === 'mcp' && { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }),
          });
          return [name, response.status] as const;
        }),
      ),
    );
    expect(statuses).toEqual({
      openapi: 200,
      docs: 200,
      operations: 401,
      health: 200,
      ready: 200,
      serving: 200,
      mcp: 401,
      oauth_authorization_server: 200,
      oauth_protected_resource: 200,
      oauth_protected_resource_mcp: 200,
    });
  });

  it('is described as a public operation with a named response schema', async () => {
    const { body } = await call<Description>(server.baseUrl, 'GET', '/openapi.json');
    const operation = body.paths['/api']?.get;
    expect(operation).toMatchObject({
      operationId: 'getApiIndex',
      security: [],
      tags: ['index'],
      'x-service': { authentication: 'route_specific', policy_requirements: ['no_credential'] },
    });
    expect(JSON.stringify(operation?.responses)).toContain('#/components/schemas/ApiIndexDto');
    expect(body.components.schemas).toHaveProperty('ApiIndexDto');
    expect(body.paths).not.toHaveProperty('/');
    expect(body.paths).not.toHaveProperty('/docs');
  });

  it('redirects / to the index and /docs to the public contracts', async () => {
    for (const [path, location] of [
      ['/', '/api'],
      ['/docs', '/api/developer/contracts'],
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
      expect({ path, status: response.status, location: response.headers.get('location') }).toEqual(
        { path, status: 302, location },
      );
    }
  });
});
