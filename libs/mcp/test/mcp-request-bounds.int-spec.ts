import { call } from '@cw/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MAX_TOOL_CALLS_PER_REQUEST } from '../src/transport/mcp.controller';
import {
  connectClient,
  type McpTestSystem,
  newAgentUser,
  startMcpTestSystem,
} from './mcp-test-system';

jest.setTimeout(120_000);

interface ToolError {
  status: number;
  code: string;
  message: string;
  details?: { field?: string };
}

function toolError(result: CallToolResult): ToolError {
  const [first] = result.content as { text: string }[];
  return (JSON.parse(first.text) as { error: ToolError }).error;
}

/** Path arguments an agent may pass that would leave the route, or that the server encodes again. */
const HOSTILE_IDS = [
  '..%2F',
  '..%2F..%2Fapi%2Fwiki%2Fpages',
  '%2e%2e/',
  '%2e%2E%2f',
  '..%252F',
  '%252e%252e%252f',
  '..',
  '.',
  '../trash',
  '..\\x',
  'x..%2Fy',
  '%c0%ae%c0%ae%2f',
];

/** The MCP module calling the compiled gateway in front of the REST routes (six-process shape). */
describe('MCP requests stay within their bounds: path arguments and batches, through the gateway', () => {
  let system: McpTestSystem;
  let client: Client;
  let pageId: string;
  let token: string;
  const callTool = (name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

  beforeAll(async () => {
    system = await startMcpTestSystem({ throughGateway: true });
    ({ token } = await newAgentUser(system.restUrl));
    client = await connectClient(system.mcpUrl, token);
    const saved = await callTool('save_page', { title: 'Path arguments', markdown: 'kept' });
    expect(saved.isError).toBeFalsy();
    pageId = String((saved.structuredContent as { created: { page_id: number } }).created.page_id);
  }, 90_000);

  afterAll(async () => {
    await client?.close();
    await system?.stop();
  });

  it.each(HOSTILE_IDS)(
    'refuses page_id %j with a 400 error result naming it, deleting nothing',
    async (value) => {
      for (const tool of ['read_page', 'delete_page']) {
        const result = await callTool(tool, { page_id: value });
        expect({ tool, isError: result.isError, ...toolError(result) }).toMatchObject({
          tool,
          isError: true,
          status: 400,
          code: 'VALIDATION_ERROR',
          details: { field: 'page_id' },
        });
      }
      const read = await callTool('read_page', { page_id: pageId });
      expect(read.isError).toBeFalsy();
      expect((read.structuredContent as { markdown: string }).markdown).toBe('kept');
    },
  );

  it('refuses the same in other tools: a run id, a hook and delivery id, a code session', async () => {
    for (const [tool, args, field] of [
      ['get_workflow_run', { run_id: '..%252F' }, 'run_id'],
      ['get_workflow_authoring_operation', { operation_id: '%2e%2e/' }, 'operation_id'],
      ['get_report_hook_delivery', { hook_id: '..', delivery_id: 'x' }, 'hook_id'],
      ['run_code', { session_id: '..%2F', code: '1 + 1' }, 'session_id'],
    ] as const) {
      const result = await callTool(tool, args);
      expect({ tool, isError: result.isError, ...toolError(result) }).toMatchObject({
        tool,
        isError: true,
        status: 400,
        details: { field },
      });
    }
  });

  it('sends an odd but harmless id through the gateway and carries its 4xx', async () => {
    const result = await callTool('read_page', { page_id: 'a...b' });
    const error = toolError(result);
    expect(result.isError).toBe(true);
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(error.status).toBeLessThan(500);
    expect(error.code).not.toBe('INTERNAL_ERROR');
  });

  describe('a JSON-RPC batch', () => {
    const headers = { accept: 'application/json, text/event-stream' };
    const toolCalls = (count: number, name: string, args: Record<string, unknown>) =>
      Array.from({ length: count }, (_each, index) => ({
        jsonrpc: '2.0',
        id: index + 1,
        method: 'tools/call',
        params: { name, arguments: args },
      }));

    it(`refuses more than ${MAX_TOOL_CALLS_PER_REQUEST} tool calls in one request with 400, calling none`, async () => {
      const result = await call<{
        error: { code: string; request_id: string; details: { limit: number } };
      }>(system.mcp.baseUrl, 'POST', '/mcp', {
        token,
        headers,
        body: toolCalls(MAX_TOOL_CALLS_PER_REQUEST + 1, 'delete_page', { page_id: pageId }),
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toMatchObject({
        code: 'BAD_REQUEST',
        details: { limit: MAX_TOOL_CALLS_PER_REQUEST },
      });
      expect(result.body.error.request_id).toBe(result.headers.get('x-request-id'));
      const read = await callTool('read_page', { page_id: pageId });
      expect(read.isError).toBeFalsy();
    });

    it('answers a batch within the limit, one result per call', async () => {
      const result = await call<{ id: number; result: CallToolResult }[]>(
        system.mcp.baseUrl,
        'POST',
        '/mcp',
        { token, headers, body: toolCalls(2, 'read_page', { page_id: pageId }) },
      );
      expect(result.status).toBe(200);
      expect(result.body.map((each) => [each.id, each.result.isError ?? false])).toEqual([
        [1, false],
        [2, false],
      ]);
    });
  });
});
