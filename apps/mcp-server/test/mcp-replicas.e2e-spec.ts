import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SCOPES } from '@cw/domain';
import { MCP_TOOL_NAMES } from '@cw/mcp';
import {
  call,
  createApiKey,
  createTestDatabase,
  signInTestPerson,
  type TestDatabase,
} from '@cw/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type McpReplicaSystem, startMcpReplicaSystem } from './mcp-processes';

jest.setTimeout(120_000);

const INSPECTOR = join(__dirname, '../../../node_modules/.bin/mcp-inspector');
const run = promisify(execFile);

describe('the MCP server as deployed: two replicas behind the gateway', () => {
  let database: TestDatabase;
  let system: McpReplicaSystem;
  let token: string;
  let pageId: number;
  let catalogDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    system = await startMcpReplicaSystem(database);
    const person = await signInTestPerson(system.gatewayUrl);
    token = await createApiKey(system.gatewayUrl, person.cookie, ['wiki:write', 'workflows:run']);
    const saved = await call<{ created: { page_id: number } }>(
      system.gatewayUrl,
      'POST',
      '/api/wiki/pages/upserts',
      { token, body: { title: 'Replica runbook', markdown: 'Stateless replicas answer alike.' } },
    );
    pageId = saved.body.created.page_id;
    catalogDir = mkdtempSync(join(tmpdir(), 'mcp-inspector-'));
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    await database?.drop();
    if (catalogDir) rmSync(catalogDir, { recursive: true, force: true });
  });

  it('one client session runs on both replicas in turn: no request needs the one before', async () => {
    const before = [...system.served];
    const client = new Client({ name: 'replica-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${system.gatewayUrl}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
      for (let index = 0; index < 4; index += 1) {
        const result = (await client.callTool({
          name: 'read_page',
          arguments: { page_id: pageId },
        })) as CallToolResult;
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({
          markdown: 'Stateless replicas answer alike.',
        });
      }
    } finally {
      await client.close();
    }
    const servedNow = system.served.map((count, index) => count - before[index]);
    expect(servedNow[0]).toBeGreaterThanOrEqual(3);
    expect(servedNow[1]).toBeGreaterThanOrEqual(3);
  });

  it('answers 401 with the resource metadata address through the gateway', async () => {
    const result = await call(system.gatewayUrl, 'POST', '/mcp', {
      headers: { accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(result.status).toBe(401);
    expect(result.headers.get('www-authenticate')).toBe(
      `Bearer scope="${[...SCOPES].join(' ')}", resource_metadata="${system.gatewayUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('the MCP Inspector CLI lists the tools and calls one, with no browser', async () => {
    const common = [
      '--cli',
      `${system.gatewayUrl}/mcp`,
      '--transport',
      'http',
      '--header',
      `Authorization: Bearer ${token}`,
    ];
    // Whatever the Inspector keeps (catalog, secrets) goes to a folder of this test.
    const env = {
      ...process.env,
      HOME: catalogDir,
      MCP_CATALOG_PATH: join(catalogDir, 'mcp.json'),
    };
    const listed = await run(INSPECTOR, [...common, '--method', 'tools/list'], { env });
    const names = (JSON.parse(listed.stdout) as { tools: { name: string }[] }).tools.map(
      (tool) => tool.name,
    );
    expect(names).toEqual(expect.arrayContaining(['search_wiki', 'read_page', 'run_code']));
    const called = await run(
      INSPECTOR,
      [
        ...common,
        '--method',
        'tools/call',
        '--tool-name',
        'search_wiki',
        '--tool-arg',
        'q=replica',
      ],
      { env },
    );
    const result = JSON.parse(called.stdout) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      results: [expect.objectContaining({ page_id: pageId, title: 'Replica runbook' })],
    });
  });
});
