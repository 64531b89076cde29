import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import {
  connectClient,
  type McpTestSystem,
  newAgentUser,
  startMcpTestSystem,
} from './mcp-test-system';

jest.setTimeout(120_000);

/** Two one-second waits and a compose: the run's steps done change while the tool waits. */
const SLOW_STEPS = [
  { id: 'first-wait', block: 'wait', seconds: 1 },
  { id: 'second-wait', block: 'wait', seconds: 1 },
  { id: 'compose', block: 'text.compose', template: 'done' },
];

interface JsonRpcMessage {
  id?: number;
  method?: string;
  params?: Progress & { progressToken: string };
  result?: { structuredContent?: { run?: { status: string } } };
}

/** The JSON-RPC messages of an event-stream body, in the order they were sent. */
function eventMessages(body: string): JsonRpcMessage[] {
  return body
    .split(/\n\n/)
    .flatMap((event) => event.split('\n').filter((line) => line.startsWith('data:')))
    .map((line) => line.slice('data:'.length).trim())
    .filter((data) => data !== '')
    .map((data) => JSON.parse(data) as JsonRpcMessage);
}

describe('the MCP server: run_workflow reports progress while it waits (SDK client, real processes)', () => {
  let system: McpTestSystem;
  let token: string;
  let client: Client;
  const runArgs = () => ({
    workflow: 'MCP slow digest',
    run_request_id: randomUUID(),
    wait_seconds: 60,
  });

  beforeAll(async () => {
    system = await startMcpTestSystem();
    ({ token } = await newAgentUser(system.restUrl));
    client = await connectClient(system.mcpUrl, token);
    const created = (await client.callTool({
      name: 'create_workflow',
      arguments: {
        intent: { name: 'MCP slow digest', steps: SLOW_STEPS, deliverables: [] },
        visibility: 'private',
        output: { create_page: { path: '/Private/Digests', title: 'MCP slow digest' } },
      },
    })) as CallToolResult;
    expect(created.isError).toBeFalsy();
  }, 90_000);

  afterAll(async () => {
    await client?.close();
    await system?.stop();
  });

  it('sends steps done of total with the current step, rising with each notification', async () => {
    const seen: Progress[] = [];
    const result = (await client.callTool(
      { name: 'run_workflow', arguments: runArgs() },
      undefined,
      {
        onprogress: (progress) => seen.push(progress),
      },
    )) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ run: { status: 'completed' } });
    // At least the start, one wait finished and the end.
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.length).toBeLessThanOrEqual(SLOW_STEPS.length + 1);
    for (const [index, progress] of seen.entries()) {
      expect(progress.total).toBe(SLOW_STEPS.length);
      if (index > 0) expect(progress.progress).toBeGreaterThan(seen[index - 1].progress);
    }
    expect(seen[0]).toEqual({ progress: 0, total: 3, message: 'first-wait' });
    // Every step done: no current step, so the message is the run's status.
    expect(seen.at(-1)).toEqual({ progress: 3, total: 3, message: expect.stringMatching(/^run /) });
    const running = seen.slice(0, -1).map((progress) => progress.message);
    expect(running.every((step) => SLOW_STEPS.some(({ id }) => id === step))).toBe(true);
  });

  it('answers as an event stream: the notifications, then the one result, nothing after it', async () => {
    const response = await fetch(system.mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'run_workflow', arguments: runArgs(), _meta: { progressToken: 'bar-1' } },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const messages = eventMessages(await response.text());
    const result = messages.at(-1)!;
    expect(result.id).toBe(7);
    expect(result.result?.structuredContent?.run?.status).toBe('completed');
    const notifications = messages.slice(0, -1);
    expect(notifications.length).toBeGreaterThanOrEqual(2);
    for (const notification of notifications) {
      expect(notification.method).toBe('notifications/progress');
      expect(notification.params?.progressToken).toBe('bar-1');
    }
  });

  it('sends none without a progressToken: the answer is plain JSON', async () => {
    const response = await fetch(system.mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: { name: 'run_workflow', arguments: runArgs() },
      }),
    });
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as JsonRpcMessage;
    expect(body.id).toBe(8);
    expect(body.result?.structuredContent?.run?.status).toBe('completed');
  });

  it('a run that is not waited for sends no progress, even when asked', async () => {
    const seen: Progress[] = [];
    const result = (await client.callTool(
      { name: 'run_workflow', arguments: { ...runArgs(), wait_seconds: 0 } },
      undefined,
      { onprogress: (progress) => seen.push(progress) },
    )) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(seen).toEqual([]);
  });
});
