import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AuthModule } from '@cw/auth';
import { readServicesDescription, SERVICES, SERVICES_DESCRIPTION_FILE_NAME } from '@cw/platform';
import {
  createApiKey,
  createTestDatabase,
  type CompiledProcess,
  signInTestPerson,
  startCompiledProcess,
  startContextTestApp,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
  type TestDatabase,
  testStack,
} from '@cw/testing';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpModule } from '../src/mcp.module';

const DIST = join(__dirname, '../../../dist');
/** The services' description the build writes: the same file the mcp-server reads. */
export const SERVICES_DESCRIPTION = join(
  DIST,
  'apps/api-gateway/src/openapi',
  SERVICES_DESCRIPTION_FILE_NAME,
);

export const ALLOWED_ORIGIN = 'https://agents.example.test';
export const EVERY_SCOPE = ['wiki:write', 'workflows:write', 'workflows:run', 'workflows:read'];

export function servicesDescription(): OpenAPIObject {
  return readServicesDescription(SERVICES_DESCRIPTION);
}

/**
 * Every REST route in one compiled process (`single-process.js`: every context, its workers
 * included), and the MCP module in this jest process calling it as the mcp-server calls the
 * gateway (`MCP_API_URL`), both on one fresh database.
 */
export interface McpTestSystem {
  restUrl: string;
  mcpUrl: string;
  database: TestDatabase;
  mcp: TestApp;
  stop(): Promise<void>;
}

function startRestProcess(database: TestDatabase): Promise<CompiledProcess> {
  return startCompiledProcess({
    entry: 'apps/api-gateway/src/single-process.js',
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      REDIS_URL: testStack().redisUrl,
      QUEUE_PREFIX: `cwtest-${randomBytes(4).toString('hex')}`,
      ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET,
      HOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
      HOOKS_SECRET_KEY: randomBytes(32).toString('base64'),
      HOOKS_RETRY_BASE_SECONDS: '0.05',
      HOOKS_RETRY_MAX_SECONDS: '0.2',
      HOOKS_RECONCILE_SECONDS: '1',
      HOOKS_EVENT_SWEEP_GRACE_SECONDS: '1',
    },
    readyPath: '/ready',
  });
}

/** The compiled gateway with every service's URL set to the one REST process. */
function startGatewayInFront(
  database: TestDatabase,
  rest: CompiledProcess,
): Promise<CompiledProcess> {
  return startCompiledProcess({
    entry: 'apps/api-gateway/src/main.js',
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      REDIS_URL: testStack().redisUrl,
      QUEUE_PREFIX: `cwtest-${randomBytes(4).toString('hex')}`,
      ...Object.fromEntries(SERVICES.map((service) => [service.urlVariable, rest.url])),
    },
    readyPath: '/health',
  });
}

/**
 * With `throughGateway`, the MCP module calls the compiled gateway in front of the REST
 * process, as the mcp-server does in the six-process deployment.
 */
export async function startMcpTestSystem(
  options: { throughGateway?: boolean } = {},
): Promise<McpTestSystem> {
  const database = await createTestDatabase();
  const rest = await startRestProcess(database);
  const gateway = options.throughGateway ? await startGatewayInFront(database, rest) : undefined;
  const mcp = await startContextTestApp({
    database,
    env: { MCP_API_URL: gateway?.url ?? rest.url, MCP_ALLOWED_ORIGINS: ALLOWED_ORIGIN },
    modules: [
      AuthModule,
      McpModule.register({ description: servicesDescription, restCalls: 'gateway' }),
    ],
  });
  return {
    restUrl: rest.url,
    mcpUrl: `${mcp.baseUrl}/mcp`,
    database,
    mcp,
    stop: async () => {
      await mcp.close();
      await gateway?.stop();
      await rest.stop();
      await database.drop();
    },
  };
}

/** A person of a company of their own, with an API key of the given scopes. */
export async function newAgentUser(
  restUrl: string,
  scopes: string[] = EVERY_SCOPE,
): Promise<{ cookie: string; token: string }> {
  const person = await signInTestPerson(restUrl, {
    company: `MCP Co ${randomBytes(4).toString('hex')}`,
  });
  return { cookie: person.cookie, token: await createApiKey(restUrl, person.cookie, scopes) };
}

/** The SDK's own client over Streamable HTTP, with the bearer token on every request. */
export async function connectClient(mcpUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'mcp-tests', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** A receiver of report hooks that answers every request with `status()`. */
export async function startReceiver(
  status: () => number,
): Promise<{ url: string; received: number; close(): Promise<void> }> {
  const state = { received: 0 };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      state.received += 1;
      response.writeHead(status()).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    get received() {
      return state.received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
