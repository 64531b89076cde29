import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { call } from '@cw/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import { MCP_TOOL_NAMES } from '../src/catalog/tool-names';
import {
  connectClient,
  type McpTestSystem,
  newAgentUser,
  startMcpTestSystem,
  startReceiver,
} from './mcp-test-system';
import { schemaPortabilityFindings } from './schema-portability';

jest.setTimeout(120_000);

/** The reviewed tool list: `UPDATE_MCP_TOOLS_SNAPSHOT=1` rewrites it after a deliberate change. */
const SNAPSHOT = join(__dirname, 'mcp-tools.snapshot.json');
const INSPECTOR = join(__dirname, '../../../node_modules/.bin/mcp-inspector');

/** The tool arguments the routes validate as integers (`@IsInt`), and the numeric `page_id`. */
const INTEGER_ARGUMENTS: Record<string, string[]> = {
  search_wiki: ['limit', 'offset'],
  edit_page_by_id: ['page_id', 'expected_version', 'max_attempts'],
  save_page_by_id: ['page_id', 'expected_version'],
  append_to_page_by_id: ['page_id', 'expected_version'],
  save_page: ['expected_version'],
  bootstrap_memory: ['limit'],
  list_report_hook_deliveries: ['limit', 'offset'],
  replay_report_hook_delivery: ['replay_count'],
};

interface PageIds {
  page_id: number;
  page_public_id: string;
}

/** The fields of tool answers the tests read (the expectations check the rest). */
interface Answer {
  outcome?: string;
  created?: PageIds;
  saved?: PageIds;
  markdown?: string | null;
  page?: { id: number; public_id: string; current_version: number };
  results?: { page_id: number; title: string }[];
  notes?: { title: string }[];
  blocks?: { block: string }[];
  operation_id?: string;
  workflow?: { id: string; number: number; name: string; status: string };
  run_id?: string;
  run?: { status: string };
  session_id?: string;
  deliveries?: { id: string; state: string }[];
  replay_count?: number;
  signing_key_id?: string;
}

interface ToolError {
  error: {
    status: number;
    code: string;
    message: string;
    details?: Record<string, unknown>;
    next_action: string;
  };
}

function structured(result: CallToolResult): Answer {
  expect(result.isError).toBeFalsy();
  const [first] = result.content;
  expect(first.type).toBe('text');
  expect(JSON.parse((first as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent as Answer;
}

function toolError(result: CallToolResult): ToolError['error'] {
  expect(result.isError).toBe(true);
  const [first] = result.content as { type: string; text: string }[];
  return (JSON.parse(first.text) as ToolError).error;
}

describe('the MCP server: every tool through the SDK client (real processes, PostgreSQL, Redis)', () => {
  let system: McpTestSystem;
  let token: string;
  let client: Client;
  const callTool = (name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

  beforeAll(async () => {
    system = await startMcpTestSystem();
    ({ token } = await newAgentUser(system.restUrl));
    client = await connectClient(system.mcpUrl, token);
  }, 90_000);

  afterAll(async () => {
    await client?.close();
    await system?.stop();
  });

  describe('tools/list', () => {
    it('offers exactly the 20 tools of the spec, each with schemas and annotations', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
      for (const tool of tools) {
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type).toBe('object');
        expect(tool.annotations).toEqual({
          readOnlyHint: expect.any(Boolean),
          destructiveHint: expect.any(Boolean),
          idempotentHint: expect.any(Boolean),
          openWorldHint: expect.any(Boolean),
        });
      }
    });

    it('matches the reviewed snapshot (names, input and output schemas, annotations)', async () => {
      const { tools } = await client.listTools();
      const current = `${JSON.stringify(tools, null, 2)}\n`;
      if (process.env.UPDATE_MCP_TOOLS_SNAPSHOT === '1') {
        writeFileSync(SNAPSHOT, current);
        // Committed as the repository's formatter writes it.
        execFileSync(process.execPath, [
          require.resolve('prettier/bin/prettier.cjs'),
          '--write',
          SNAPSHOT,
        ]);
      }
      // A missing snapshot fails: it is written only on request, then reviewed and committed.
      expect(existsSync(SNAPSHOT)).toBe(true);
      expect(JSON.parse(current)).toEqual(JSON.parse(readFileSync(SNAPSHOT, 'utf8')));
    });
  });

  describe('tool schemas that strict clients accept', () => {
    it('every input and output schema passes the MCP Inspector strict portability checks', async () => {
      const { tools } = await client.listTools();
      expect(schemaPortabilityFindings(tools)).toEqual([]);
    });

    it('the MCP Inspector CLI itself, in strict mode, reports no portability finding', async () => {
      // Whatever the Inspector keeps (catalog, secrets) goes to a folder of this test.
      const home = mkdtempSync(join(tmpdir(), 'mcp-inspector-'));
      try {
        const { stdout, stderr } = await promisify(execFile)(
          INSPECTOR,
          [
            ...['--cli', system.mcpUrl, '--transport', 'http'],
            ...['--header', `Authorization: Bearer ${token}`],
            ...['--method', 'tools/list', '--strict', '--format', 'json'],
          ],
          { env: { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, 'mcp.json') } },
        );
        const envelope = JSON.parse(stdout) as {
          result: { tools: unknown[] };
          schemaFindings?: unknown;
        };
        expect(envelope.result.tools).toHaveLength(MCP_TOOL_NAMES.length);
        expect(envelope.schemaFindings).toBeUndefined();
        expect(stderr).not.toContain('Schema portability');
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    });

    it('integer arguments are integer: a JSON Schema validator refuses 2.5 and takes 2', async () => {
      const { tools } = await client.listTools();
      const ajv = new Ajv2020({ strict: false, validateFormats: false });
      for (const [name, integers] of Object.entries(INTEGER_ARGUMENTS)) {
        const tool = tools.find((candidate) => candidate.name === name)!;
        const properties = tool.inputSchema.properties as Record<string, { type?: unknown }>;
        for (const argument of integers) {
          expect({ name, argument, type: properties[argument].type }).toEqual({
            name,
            argument,
            type: 'integer',
          });
          const validate = ajv.compile(properties[argument]);
          expect({ name, argument, accepts: [validate(2.5), validate(2)] }).toEqual({
            name,
            argument,
            accepts: [false, true],
          });
        }
      }
    });
  });

  describe('wiki tools', () => {
    let pageId: number;

    it('save_page files a page by title without a mutation identity; parallel saves converge', async () => {
      const saves = await Promise.all(
        Array.from({ length: 4 }, () =>
          callTool('save_page', { title: 'MCP launch notes', markdown: 'first draft' }),
        ),
      );
      const ids = new Set(
        saves.map((result) => {
          const body = structured(result);
          return (body.created ?? body.saved)!.page_id;
        }),
      );
      expect(ids.size).toBe(1);
      [pageId] = [...ids];
    });

    it('search_wiki finds it with the MCP view of a result', async () => {
      const body = structured(await callTool('search_wiki', { q: 'launch notes' }));
      expect(body.results?.[0]).toMatchObject({ page_id: pageId, title: 'MCP launch notes' });
      expect(body.results?.[0]).toHaveProperty('page_public_id');
    });

    it('read_page returns the page metadata and its markdown', async () => {
      const body = structured(await callTool('read_page', { page_id: pageId }));
      expect(body.markdown).toBe('first draft');
      expect(body.page).toMatchObject({ id: pageId, current_version: 1 });
      expect(body.page).not.toHaveProperty('content_md');
    });

    it('edit_page_by_id applies a replace edit; a retry with the same mutation_id changes nothing', async () => {
      const args = {
        page_id: pageId,
        expected_version: 1,
        mutation_id: randomUUID(),
        edits: [{ kind: 'replace', find: 'first', replace: 'second' }],
      };
      const [first, retry] = await Promise.all([
        callTool('edit_page_by_id', args),
        callTool('edit_page_by_id', args),
      ]);
      expect(structured(first).outcome).toBe('applied');
      expect(structured(retry).outcome).toBe('applied');
      const read = structured(await callTool('read_page', { page_id: pageId }));
      expect(read).toMatchObject({ markdown: 'second draft', page: { current_version: 2 } });
    });

    it('the _by_id tools refuse a page UUID with a clear message, calling nothing', async () => {
      const read = structured(await callTool('read_page', { page_id: pageId }));
      const common = {
        page_id: read.page!.public_id,
        expected_version: 2,
        mutation_id: randomUUID(),
      };
      for (const [name, args] of [
        ['edit_page_by_id', { ...common, edits: [{ kind: 'replace', find: 'a', replace: 'b' }] }],
        ['save_page_by_id', { ...common, title: 'x', markdown: 'x' }],
        ['append_to_page_by_id', { ...common, markdown: 'x' }],
      ] as const) {
        const error = toolError(await callTool(name, args));
        expect(error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'page_id' } });
        expect(error.message).toContain('numeric page id');
      }
    });

    it('save_page_by_id replaces the content; append_to_page_by_id appends', async () => {
      const saved = structured(
        await callTool('save_page_by_id', {
          page_id: pageId,
          title: 'MCP launch notes',
          markdown: 'final',
          expected_version: 2,
          mutation_id: randomUUID(),
        }),
      );
      expect(saved).toMatchObject({ outcome: 'applied' });
      const appended = structured(
        await callTool('append_to_page_by_id', {
          page_id: pageId,
          markdown: '- shipped',
          expected_version: 3,
          mutation_id: randomUUID(),
        }),
      );
      expect(appended).toMatchObject({ outcome: 'applied' });
      expect(structured(await callTool('read_page', { page_id: pageId })).markdown).toBe(
        'final\n\n- shipped',
      );
    });

    it('append_to_page appends by path and title, without a mutation identity', async () => {
      const body = structured(
        await callTool('append_to_page', { title: 'MCP launch notes', markdown: '- legacy line' }),
      );
      expect(body).toBeDefined();
      expect(structured(await callTool('read_page', { page_id: pageId })).markdown).toContain(
        '- legacy line',
      );
    });

    it('bootstrap_memory loads matching notes', async () => {
      const body = structured(await callTool('bootstrap_memory', { query: 'launch' }));
      expect(body.notes?.map((note) => note.title)).toContain('MCP launch notes');
    });

    it('delete_page moves the page to the Trash; reading it then is a NOT_FOUND error result', async () => {
      expect(structured(await callTool('delete_page', { page_id: String(pageId) }))).toBeDefined();
      const error = toolError(await callTool('read_page', { page_id: pageId }));
      expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(error.next_action).toMatch(/id/);
    });

    it('caps a large text block at about 50 KB with a paging hint; structuredContent keeps all', async () => {
      const markdown = 'x'.repeat(70_000);
      const saved = structured(await callTool('save_page', { title: 'MCP big page', markdown }));
      const result = await callTool('read_page', { page_id: saved.created!.page_id });
      const [text] = result.content as { text: string }[];
      expect(text.text.length).toBeLessThan(51_000);
      expect(text.text).toContain('structuredContent holds all of it');
      expect((result.structuredContent as Answer).markdown).toHaveLength(70_000);
    });

    it('refuses an unknown argument by name', async () => {
      const error = toolError(await callTool('search_wiki', { q: 'x', colour: 'blue' }));
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'colour' } });
    });

    it('carries a REST validation refusal as an error result with what to do next', async () => {
      const error = toolError(await callTool('search_wiki', { q: 'x', limit: 500 }));
      expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(error.next_action).toContain('limit');
    });
  });

  describe('workflow, run and code tools', () => {
    let operationId: string;
    let workflow: { id: string; number: number; name: string };
    let runId: string;

    it('list_workflow_capabilities lists the blocks', async () => {
      const body = structured(await callTool('list_workflow_capabilities'));
      expect(body.blocks?.map((block) => block.block)).toContain('text.compose');
    });

    it('create_workflow requires visibility and a delivery destination, and creates it active', async () => {
      const intent = {
        name: 'MCP digest',
        inputs: [{ name: 'topic', type: 'text', required: true }],
        steps: [{ id: 'compose', block: 'text.compose', template: 'Digest of {{inputs.topic}}' }],
        deliverables: [],
        budget: {},
      };
      const refused = toolError(await callTool('create_workflow', { intent }));
      expect(refused).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'visibility' } });
      const body = structured(
        await callTool('create_workflow', {
          intent,
          visibility: 'private',
          output: { create_page: { path: '/Private/Digests', title: 'MCP digest' } },
        }),
      );
      expect(body).toMatchObject({
        status: 'saved',
        workflow: { status: 'active', name: 'MCP digest' },
      });
      operationId = body.operation_id!;
      workflow = body.workflow!;
    });

    it('get_workflow_authoring_operation reads the operation', async () => {
      const body = structured(
        await callTool('get_workflow_authoring_operation', { operation_id: operationId }),
      );
      expect(body).toMatchObject({ operation_id: operationId, status: 'saved' });
    });

    it('run_workflow finds the workflow by exact name, starts it and waits for the end', async () => {
      const runRequestId = randomUUID();
      const args = {
        workflow: 'MCP digest',
        inputs: { topic: 'pricing' },
        run_request_id: runRequestId,
        wait_seconds: 60,
      };
      const body = structured(await callTool('run_workflow', args));
      expect(body).toMatchObject({ success: true, run: { status: 'completed' } });
      runId = body.run_id!;
      const retried = structured(
        await callTool('run_workflow', { ...args, workflow: workflow.number, wait_seconds: 0 }),
      );
      expect(retried.run_id).toBe(runId);
    });

    it('run_workflow says plainly when no workflow has that name', async () => {
      const error = toolError(await callTool('run_workflow', { workflow: 'No such workflow' }));
      expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });

    it('run_workflow of a deleted workflow answers isError with WORKFLOW_NOT_STARTABLE and starts nothing', async () => {
      const created = structured(
        await callTool('create_workflow', {
          intent: {
            name: 'MCP soon deleted',
            steps: [{ id: 'greet', block: 'text.compose', template: 'Hello' }],
            deliverables: [],
          },
          visibility: 'private',
          output: { create_page: { path: '/Private/Digests', title: 'MCP soon deleted' } },
        }),
      );
      const doomed = created.workflow!;
      const removed = await call(system.restUrl, 'DELETE', `/api/workflows/${doomed.id}`, {
        token,
      });
      expect(removed.status).toBe(204);

      for (const ref of [doomed.id, doomed.number]) {
        const error = toolError(
          await callTool('run_workflow', { workflow: ref, run_request_id: randomUUID() }),
        );
        expect(error).toMatchObject({
          status: 409,
          code: 'WORKFLOW_NOT_STARTABLE',
          details: { workflow_status: 'deleted' },
        });
      }
      const runs = await call<{ reports: unknown[] }>(
        system.restUrl,
        'GET',
        `/api/reports?workflow_public_id=${doomed.id}`,
        { token },
      );
      expect(runs.status).toBe(200);
      expect(runs.body.reports).toEqual([]);
    });

    it('get_workflow_run returns the run view', async () => {
      const body = structured(await callTool('get_workflow_run', { run_id: runId }));
      expect(body).toMatchObject({
        run_id: runId,
        status: 'completed',
        progress: { done: 1, total: 1 },
      });
      expect(body).toHaveProperty('report_url');
    });

    it('run_code creates a session, and a later cell sees the earlier globals', async () => {
      const first = structured(await callTool('run_code', { code: 'globalThis.a = 20; a + 1' }));
      expect(first).toMatchObject({ status: 'ok', result: 21 });
      const second = structured(
        await callTool('run_code', { session_id: first.session_id, code: 'a * 2' }),
      );
      expect(second).toMatchObject({ status: 'ok', result: 40, session_id: first.session_id });
    });
  });

  describe('report hook tools', () => {
    it('lists, reads and replays a delivery, and rotates the signing key', async () => {
      let answer = 400;
      const receiver = await startReceiver(() => answer);
      try {
        const hook = await call<{ id: string; signing_key_id: string }>(
          system.restUrl,
          'POST',
          '/api/report-hooks',
          {
            token,
            body: { target_url: receiver.url },
          },
        );
        expect(hook.status).toBe(201);
        const started = structured(
          await callTool('run_workflow', {
            workflow: 'MCP digest',
            inputs: { topic: 'hooks' },
            wait_seconds: 60,
          }),
        );
        expect(started.run?.status).toBe('completed');
        let delivery: { id: string; state: string } | undefined;
        for (const deadline = Date.now() + 60_000; !delivery && Date.now() < deadline;) {
          const listed = structured(
            await callTool('list_report_hook_deliveries', { hook_id: hook.body.id }),
          );
          delivery = listed.deliveries?.find((row) => row.state === 'failed');
          if (!delivery) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(delivery).toBeDefined();
        const read = structured(
          await callTool('get_report_hook_delivery', {
            hook_id: hook.body.id,
            delivery_id: delivery!.id,
          }),
        );
        expect(read).toMatchObject({ id: delivery!.id, state: 'failed' });
        answer = 200;
        const replayed = structured(
          await callTool('replay_report_hook_delivery', {
            hook_id: hook.body.id,
            delivery_id: delivery!.id,
            replay_count: read.replay_count,
          }),
        );
        expect(replayed).toMatchObject({ id: delivery!.id, replay_count: read.replay_count! + 1 });
        const rotated = structured(
          await callTool('rotate_report_hook_signing_key', { hook_id: hook.body.id }),
        );
        expect(rotated).toMatchObject({ hook_id: hook.body.id });
        expect(rotated.signing_key_id).not.toBe(hook.body.signing_key_id);
      } finally {
        await receiver.close();
      }
    });
  });

  describe('discovery', () => {
    it('discover_operations takes query and answers for the caller token', async () => {
      const body = structured(await callTool('discover_operations', { query: 'search wiki' })) as {
        operations: { operation_id: string; token_admitted: boolean; missing_scopes: string[] }[];
      };
      expect(body.operations.find((each) => each.operation_id === 'searchWiki')).toMatchObject({
        token_admitted: true,
        missing_scopes: [],
      });
    });
  });

  describe('the one-process composition', () => {
    it('serves /mcp itself and calls its own REST routes (restCalls: self)', async () => {
      const local = await connectClient(`${system.restUrl}/mcp`, token);
      try {
        const body = structured(
          (await local.callTool({
            name: 'search_wiki',
            arguments: { q: 'digest' },
          })) as CallToolResult,
        );
        expect(body.results).toEqual(expect.any(Array));
      } finally {
        await local.close();
      }
    });
  });

  describe('the HTTP edge of /mcp', () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    };
    const headers = { accept: 'application/json, text/event-stream' };

    it('answers 401 with WWW-Authenticate naming the resource metadata, without or with a bad token', async () => {
      for (const auth of [{}, { token: 'cwk_not-a-real-key' }]) {
        const result = await call<{ error: { code: string } }>(system.mcp.baseUrl, 'POST', '/mcp', {
          ...auth,
          headers,
          body: initialize,
        });
        expect(result.status).toBe(401);
        expect(result.body.error.code).toBe('AUTH_REQUIRED');
        const challenge = result.headers.get('www-authenticate')!;
        expect(challenge).toContain(
          `resource_metadata="${system.mcp.baseUrl}/.well-known/oauth-protected-resource/mcp"`,
        );
        // The exact challenges (scope, invalid_token) are in mcp-oauth.int-spec.ts.
        expect(challenge.includes('error="invalid_token"')).toBe('token' in auth);
        expect(result.headers.get('x-request-id')).toBeTruthy();
      }
    });

    it('refuses a browser origin outside the allow list (403) and admits a listed one', async () => {
      const refused = await call<{ error: { code: string; details: { error: string } } }>(
        system.mcp.baseUrl,
        'POST',
        '/mcp',
        {
          token,
          headers: { ...headers, origin: 'https://evil.example' },
          body: initialize,
        },
      );
      expect(refused.status).toBe(403);
      expect(refused.body.error.details.error).toBe('origin_not_allowed');
      const admitted = await call(system.mcp.baseUrl, 'POST', '/mcp', {
        token,
        headers: { ...headers, origin: 'https://agents.example.test' },
        body: initialize,
      });
      expect(admitted.status).toBe(200);
      expect(admitted.headers.get('x-request-id')).toBeTruthy();
    });

    it('answers a message the transport refuses in the envelope, keeping the JSON-RPC error', async () => {
      const notAccepted = await call<{
        error: { code: string; details: { jsonrpc_error: object } };
      }>(system.mcp.baseUrl, 'POST', '/mcp', {
        token,
        headers: { accept: 'application/json' },
        body: initialize,
      });
      expect(notAccepted.status).toBe(406);
      expect(notAccepted.body.error.details.jsonrpc_error).toHaveProperty('code');
      const notJsonRpc = await call<{ error: { code: string } }>(
        system.mcp.baseUrl,
        'POST',
        '/mcp',
        {
          token,
          headers,
          body: { hello: 'world' },
        },
      );
      expect(notJsonRpc.status).toBe(400);
      expect(notJsonRpc.body.error.code).toBe('BAD_REQUEST');
    });

    it('answers GET and DELETE with 405 in the envelope: no sessions, no event stream', async () => {
      for (const method of ['GET', 'DELETE']) {
        const result = await call<{ error: { code: string } }>(system.mcp.baseUrl, method, '/mcp', {
          token,
        });
        expect(result.status).toBe(405);
        expect(result.body.error.code).toBe('METHOD_NOT_ALLOWED');
        expect(result.headers.get('allow')).toBe('POST');
      }
    });

    it('a token without the route scope gets the REST refusal as an error result naming the scope', async () => {
      const reader = await newAgentUser(system.restUrl, ['wiki:read']);
      const narrow = await connectClient(system.mcpUrl, reader.token);
      try {
        const error = toolError(
          (await narrow.callTool({
            name: 'save_page',
            arguments: { title: 't', markdown: 'm' },
          })) as CallToolResult,
        );
        expect(error).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
        expect(error.next_action).toContain('wiki:write');
      } finally {
        await narrow.close();
      }
    });
  });
});
