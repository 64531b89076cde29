import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type ErrorFormat, routeInventory, SERVICES, takesErrorFormat } from '@cw/platform';
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
const MERGED_WRITER = join(
  __dirname,
  '../../../dist/apps/api-gateway/src/openapi/write-merged-description.js',
);
const ERROR_ENVELOPE = { $ref: '#/components/schemas/ErrorEnvelopeSchema' };
// Booting the whole composition, or the compiled gateway, takes seconds on a loaded machine.
const START_TIMEOUT_MS = 120_000;

interface Operation {
  path: string;
  method: string;
  operation: Record<string, unknown>;
}

type Responses = Record<
  string,
  { content?: Record<string, { schema?: { $ref?: string; type?: string } }> }
>;

/** The merged description as the build writes it for the lint and the typed client. */
async function writtenMergedDescription(): Promise<unknown> {
  const dir = await mkdtemp(join(tmpdir(), 'cw-openapi-'));
  try {
    await promisify(execFile)(process.execPath, [MERGED_WRITER, join(dir, 'openapi.json')]);
    return JSON.parse(await readFile(join(dir, 'openapi.json'), 'utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

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

  let operations: Operation[];

  beforeAll(async () => {
    server = await startTestApp(SingleProcessModule);
    const result = await call<typeof document>(server.baseUrl, 'GET', '/openapi.json');
    expect(result.status).toBe(200);
    document = result.body;
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .map(([method, operation]) => ({ path, method, operation })),
    );
  }, START_TIMEOUT_MS);
  afterAll(() => server?.close());

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

  it('declares every success response with a named schema (204, and 202 may be, no content)', () => {
    const schemas = document.components as { schemas: Record<string, unknown> };
    const undeclared = operations.flatMap(({ path, method, operation }) => {
      const responses = operation.responses as Responses;
      const successes = Object.entries(responses).filter(([status]) => status.startsWith('2'));
      // A browser step that only ever redirects (an OAuth decision, a one-time sign-in link).
      const redirects = Object.keys(responses).some((status) => status.startsWith('3'));
      if (successes.length === 0) return redirects ? [] : [`${method} ${path}: no 2xx`];
      return successes.flatMap(([status, response]) => {
        const content = Object.entries(response.content ?? {});
        if (status === '204') return content.length === 0 ? [] : [`${method} ${path}: 204 body`];
        if (status === '202' && content.length === 0) return [];
        if (content.length === 0) return [`${method} ${path}: ${status} without a schema`];
        return content.flatMap(([, { schema }]) => {
          const name = schema?.$ref?.replace('#/components/schemas/', '');
          return name && name in schemas.schemas ? [] : [`${method} ${path}: ${status} unnamed`];
        });
      });
    });
    expect(undeclared).toEqual([]);
  });

  it('answers every documented error with the envelope, or the format the operation names', () => {
    const expectedFormat = (operation: Record<string, unknown>, status: string): string => {
      const format = operation['x-error-format'] as ErrorFormat | undefined;
      return format && takesErrorFormat(format, Number(status)) ? format : 'envelope';
    };
    const outside = operations.flatMap(({ path, method, operation }) =>
      Object.entries(operation.responses as Responses)
        .filter(([status]) => /^[45]/.test(status))
        .filter(([status, response]) => {
          const json = response.content?.['application/json']?.schema;
          switch (expectedFormat(operation, status)) {
            case 'oauth':
              return json?.$ref !== '#/components/schemas/OAuthErrorSchema';
            case 'html_page':
              return (
                response.content?.['text/html']?.schema?.$ref !== '#/components/schemas/HtmlPage'
              );
            default:
              return json?.$ref !== ERROR_ENVELOPE.$ref;
          }
        })
        .map(([status]) => `${method} ${path} ${status}`),
    );
    expect(outside).toEqual([]);
  });

  it('describes every operation and tags it with a described tag', () => {
    const described = new Map(
      (document.tags as { name: string; description?: string }[]).map((tag) => [
        tag.name,
        tag.description,
      ]),
    );
    const lacking = operations.flatMap(({ path, method, operation }) => {
      const tags = (operation.tags as string[] | undefined) ?? [];
      const problems = [
        ...(typeof operation.description === 'string' && operation.description.trim() !== ''
          ? []
          : ['no description']),
        ...(tags.length > 0 ? [] : ['no tag']),
        ...tags.filter((tag) => !described.get(tag)).map((tag) => `tag ${tag} undescribed`),
      ];
      return problems.map((problem) => `${method} ${path}: ${problem}`);
    });
    expect(lacking).toEqual([]);
  });

  it('derives security from the route policy: [] without a bearer or cookie credential', () => {
    const schemes = document.components as {
      securitySchemes: Record<string, { type: string; scheme?: string; bearerFormat?: string }>;
    };
    expect(schemes.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.securitySchemes.bearer.bearerFormat).toMatch(/^opaque: cwk_… .* cwa_…/);
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    for (const { path, method, operation } of operations) {
      const xService = operation['x-service'] as {
        authentication: string;
        policy_requirements: string[];
      };
      const expected =
        xService.authentication !== 'person'
          ? []
          : xService.policy_requirements.includes('session_cookie_only')
            ? [{ session_token: [] }]
            : [{ bearer: [] }, { session_token: [] }];
      expect({ path, method, security: operation.security }).toEqual({
        path,
        method,
        security: expected,
      });
    }
    expect(document.paths['/public/pages/{token}'].get.security).toEqual([]);
    expect(document.paths['/health'].get.security).toEqual([]);
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
    }, START_TIMEOUT_MS);
    afterAll(async () => {
      if (gateway) {
        const exited = new Promise((resolve) => gateway.child.once('exit', resolve));
        gateway.child.kill('SIGTERM');
        await exited;
      }
      await database?.drop();
    }, START_TIMEOUT_MS);

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

    it(
      'serves exactly the merged description the build writes for the lint and the typed client',
      async () => {
        const result = await call<typeof document>(gateway.baseUrl, 'GET', '/openapi.json');
        expect(result.body).toEqual(await writtenMergedDescription());
      },
      START_TIMEOUT_MS,
    );
  });
});
