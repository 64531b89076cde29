import { randomBytes, randomUUID } from 'node:crypto';
import { call, createApiKey, createTestPage, signInTestPerson } from '@cw/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, type Resource } from '@modelcontextprotocol/sdk/types.js';
import {
  connectClient,
  type McpTestSystem,
  newAgentUser,
  startMcpTestSystem,
} from './mcp-test-system';

jest.setTimeout(120_000);

interface CreatedPage {
  id: number;
  public_id: string;
  current_version: number;
  path: string;
}

/** The JSON-RPC error a request answered (fails when it answered a result). */
async function rpcError(request: Promise<unknown>): Promise<McpError> {
  const error: unknown = await request.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

describe('the MCP server: wiki pages as resources, and completions (SDK client, real processes)', () => {
  let system: McpTestSystem;
  let company: string;
  let owner: { cookie: string; token: string };
  let client: Client;
  let memory: CreatedPage;
  let deploys: CreatedPage;
  let slashed: CreatedPage;
  const notes: CreatedPage[] = [];

  const page = async (title: string, markdown: string, path: string): Promise<CreatedPage> =>
    (await createTestPage<{ page: CreatedPage }>(system.restUrl, owner, { title, markdown, path }))
      .page;

  beforeAll(async () => {
    system = await startMcpTestSystem();
    company = `MCP Resources ${randomBytes(4).toString('hex')}`;
    const person = await signInTestPerson(system.restUrl, { company });
    owner = {
      cookie: person.cookie,
      token: await createApiKey(system.restUrl, person.cookie, [
        'wiki:write',
        'workflows:write',
        'workflows:read',
      ]),
    };
    memory = await page('My assistant memory', 'Prefer short answers.', '/Private');
    deploys = await page('Deploys', '# Deploys\n\nRoll out with care.', '/Company/Run books');
    for (let index = 0; index < 11; index += 1) {
      notes.push(await page(`Note ${index}`, `note ${index}`, '/Company/Notes'));
    }
    client = await connectClient(system.mcpUrl, owner.token);
  }, 90_000);

  afterAll(async () => {
    await client?.close();
    await system?.stop();
  });

  it('declares resources and completions, and offers the two page templates', async () => {
    expect(client.getServerCapabilities()).toMatchObject({
      tools: {},
      resources: { subscribe: false, listChanged: false },
      completions: {},
      prompts: {},
    });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => [template.uriTemplate, template.mimeType])).toEqual([
      ['cw://wiki/pages/{id}', 'text/markdown'],
      ['cw://wiki/paths/{+path}', 'text/markdown'],
    ]);
  });

  describe('resources/read', () => {
    it('reads a page by numeric id and by UUID: its markdown and its version in _meta', async () => {
      for (const id of [deploys.id, deploys.public_id]) {
        const uri = `cw://wiki/pages/${id}`;
        const { contents } = await client.readResource({ uri });
        expect(contents).toEqual([
          {
            uri,
            mimeType: 'text/markdown',
            text: '# Deploys\n\nRoll out with care.',
            _meta: expect.objectContaining({
              version: deploys.current_version,
              page_id: deploys.id,
              page_public_id: deploys.public_id,
              path: '/Company/Run books/Deploys',
            }),
          },
        ]);
      }
    });

    it('answers the new version after an edit (read through REST, nothing cached)', async () => {
      const saved = await call(system.restUrl, 'PUT', `/api/wiki/pages/${memory.id}/content`, {
        token: owner.token,
        body: {
          title: 'My assistant memory',
          markdown: 'Prefer short answers. Cite pages.',
          expected_version: memory.current_version,
          mutation_id: randomUUID(),
        },
      });
      expect(saved.status).toBe(200);
      const { contents } = await client.readResource({ uri: `cw://wiki/pages/${memory.id}` });
      expect(contents[0]).toMatchObject({
        text: 'Prefer short answers. Cite pages.',
        _meta: { version: memory.current_version + 1 },
      });
      memory.current_version += 1;
    });

    it('reads a page by path, percent-encoded, titles comparing case-insensitively', async () => {
      for (const uri of [
        'cw://wiki/paths/Company/Run%20books/Deploys',
        'cw://wiki/paths/Company/run%20books/deploys',
      ]) {
        const { contents } = await client.readResource({ uri });
        expect(contents[0]).toMatchObject({
          uri,
          text: '# Deploys\n\nRoll out with care.',
          _meta: { page_id: deploys.id },
        });
      }
    });

    it('reads a title holding a slash, written %2F', async () => {
      slashed = await page('CI/CD', 'pipelines', '/Company/Run books');
      const { contents } = await client.readResource({
        uri: 'cw://wiki/paths/Company/Run%20books/CI%2FCD',
      });
      expect(contents[0]).toMatchObject({ text: 'pipelines', _meta: { page_id: slashed.id } });
    });

    it('an unknown page, by id or by path, is the resource-not-found error (-32002)', async () => {
      for (const uri of [
        'cw://wiki/pages/999999999',
        'cw://wiki/pages/0b8e6c1e-8f5e-4c47-9d1b-2f3f0f7f4b7a',
        'cw://wiki/paths/Company/Run%20books/Nope',
        'cw://wiki/paths/Company/No%20such%20folder/Deploys',
      ]) {
        const error = await rpcError(client.readResource({ uri }));
        expect(error.code).toBe(-32002);
        expect(error.data).toMatchObject({ uri, status: 404, code: 'NOT_FOUND' });
      }
    });

    it('a URI naming no page of this server is invalid params (-32602), before any REST call', async () => {
      for (const uri of [
        'https://wiki.example.com/wiki/pages/1',
        'cw://wiki/pages/12abc',
        'cw://wiki/pages/',
        'cw://wiki/paths/Deploys',
        'cw://wiki/paths/Company//Deploys',
        'cw://wiki/paths/Company/%E0%A4%A',
      ]) {
        const error = await rpcError(client.readResource({ uri }));
        expect(error.code).toBe(ErrorCode.InvalidParams);
        expect(error.message).toMatch(/names no page|not a resource of this server|malformed/);
      }
    });

    it('reads in parallel, each request on its own stateless server', async () => {
      const pages = [deploys, ...notes];
      const reads = await Promise.all(
        pages.map((each) => client.readResource({ uri: `cw://wiki/pages/${each.public_id}` })),
      );
      expect(reads.map(({ contents }) => contents[0]._meta?.page_id)).toEqual(
        pages.map((each) => each.id),
      );
    });
  });

  describe('visibility is REST’s', () => {
    let colleague: Client;

    beforeAll(async () => {
      const person = await signInTestPerson(system.restUrl, { company });
      colleague = await connectClient(
        system.mcpUrl,
        await createApiKey(system.restUrl, person.cookie, ['wiki:read']),
      );
    });

    afterAll(async () => {
      await colleague?.close();
    });

    it('a colleague cannot read another person’s private page, by id or by path', async () => {
      for (const uri of [
        `cw://wiki/pages/${memory.id}`,
        `cw://wiki/pages/${memory.public_id}`,
        'cw://wiki/paths/Private/My%20assistant%20memory',
      ]) {
        const error = await rpcError(colleague.readResource({ uri }));
        expect(error.code).toBe(-32002);
        expect(JSON.stringify(error)).not.toContain('Cite pages');
      }
    });

    it('lists the company pages but neither the owner’s memory nor their private pages', async () => {
      const first = await colleague.listResources();
      const rest = await colleague.listResources({ cursor: first.nextCursor });
      const uris = [...first.resources, ...rest.resources].map((resource) => resource.uri);
      expect(rest.nextCursor).toBeUndefined();
      expect(uris).not.toContain(`cw://wiki/pages/${memory.public_id}`);
      expect(uris).toContain(`cw://wiki/pages/${deploys.public_id}`);
    });

    it('completes only the paths the colleague can see', async () => {
      const complete = (who: Client) =>
        who.complete({
          ref: { type: 'ref/resource', uri: 'cw://wiki/paths/{+path}' },
          argument: { name: 'path', value: 'Private/My' },
        });
      expect((await complete(client)).completion.values).toEqual(['Private/My assistant memory']);
      expect((await complete(colleague)).completion.values).toEqual([]);
    });

    it('a token without wiki:read gets a JSON-RPC error naming the scope, and no content', async () => {
      const person = await signInTestPerson(system.restUrl, { company });
      const narrow = await connectClient(
        system.mcpUrl,
        await createApiKey(system.restUrl, person.cookie, ['workflows:read']),
      );
      try {
        for (const request of [
          narrow.readResource({ uri: `cw://wiki/pages/${deploys.id}` }),
          narrow.listResources(),
        ]) {
          const error = await rpcError(request);
          expect(error.code).toBe(ErrorCode.InvalidRequest);
          expect(error.data).toMatchObject({
            status: 403,
            code: 'ACCESS_DENIED',
            details: { error: 'insufficient_scope', scope: 'wiki:read' },
          });
          expect(JSON.stringify(error)).not.toContain('Roll out');
        }
      } finally {
        await narrow.close();
      }
    });
  });

  describe('resources/list', () => {
    it('lists the standing memory first, then the recent pages, ten at a time with nextCursor', async () => {
      const listed: Resource[] = [];
      const sizes: number[] = [];
      let cursor: string | undefined;
      do {
        const answer = await client.listResources(cursor === undefined ? {} : { cursor });
        listed.push(...answer.resources);
        sizes.push(answer.resources.length);
        cursor = answer.nextCursor;
      } while (cursor !== undefined);
      expect(sizes).toEqual([10, 4]);
      expect(listed[0]).toMatchObject({
        uri: `cw://wiki/pages/${memory.public_id}`,
        name: '/Private/My assistant memory',
        mimeType: 'text/markdown',
        _meta: { version: memory.current_version, standing_memory: true },
      });
      // The rest newest first; the memory page, recently updated too, only once.
      expect(listed.slice(1).map((resource) => resource.uri)).toEqual(
        [slashed, ...[...notes].reverse(), deploys].map(
          (each) => `cw://wiki/pages/${each.public_id}`,
        ),
      );
      expect(listed[1]).toMatchObject({
        title: 'CI/CD',
        annotations: { lastModified: expect.any(String) },
      });
    });

    it('refuses a cursor it did not give with invalid params', async () => {
      for (const cursor of ['garbage', Buffer.from('offset:500').toString('base64url')]) {
        const error = await rpcError(client.listResources({ cursor }));
        expect(error.code).toBe(ErrorCode.InvalidParams);
      }
    });
  });

  describe('completion/complete', () => {
    const pathCompletion = (value: string) =>
      client.complete({
        ref: { type: 'ref/resource', uri: 'cw://wiki/paths/{+path}' },
        argument: { name: 'path', value },
      });

    it('completes page paths by prefix: lane roots, folders, then titles', async () => {
      expect((await pathCompletion('')).completion.values).toEqual(['Private/', 'Company/']);
      expect((await pathCompletion('Company/')).completion.values).toEqual([
        'Company/Notes/',
        'Company/Run books/',
      ]);
      expect((await pathCompletion('Company/run books/d')).completion).toEqual({
        values: ['Company/Run books/Deploys'],
        hasMore: false,
      });
      expect((await pathCompletion('Company/Run books/C')).completion.values).toEqual([
        'Company/Run books/CI%2FCD',
      ]);
      expect((await pathCompletion('Company/Nowhere/x')).completion.values).toEqual([]);
    });

    it('completes the workflow argument of the run_workflow prompt with the caller’s workflow names', async () => {
      for (const name of ['Digest daily', 'Digest weekly', 'Other job']) {
        const created = await client.callTool({
          name: 'create_workflow',
          arguments: {
            intent: {
              name,
              steps: [{ id: 'hello', block: 'text.compose', template: 'Hello' }],
              deliverables: [],
            },
            visibility: 'private',
            output: { create_page: { path: '/Private/Digests', title: name } },
          },
        });
        expect(created.isError).toBeFalsy();
      }
      const { completion } = await client.complete({
        ref: { type: 'ref/prompt', name: 'run_workflow' },
        argument: { name: 'workflow', value: 'dig' },
      });
      expect(completion).toEqual({ values: ['Digest daily', 'Digest weekly'], hasMore: false });

      const stranger = await newAgentUser(system.restUrl);
      const other = await connectClient(system.mcpUrl, stranger.token);
      try {
        const theirs = await other.complete({
          ref: { type: 'ref/prompt', name: 'run_workflow' },
          argument: { name: 'workflow', value: 'dig' },
        });
        expect(theirs.completion.values).toEqual([]);
      } finally {
        await other.close();
      }
    });

    it('the run_workflow prompt asks for the tool call with the workflow given', async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toEqual(['run_workflow']);
      const { messages } = await client.getPrompt({
        name: 'run_workflow',
        arguments: { workflow: 'Digest daily' },
      });
      expect(messages[0].content).toMatchObject({
        type: 'text',
        text: expect.stringContaining('"workflow":"Digest daily"'),
      });
      const missing = await rpcError(client.getPrompt({ name: 'run_workflow', arguments: {} }));
      expect(missing.code).toBe(ErrorCode.InvalidParams);
    });

    it('refuses a reference it has nothing for with invalid params', async () => {
      const error = await rpcError(
        client.complete({
          ref: { type: 'ref/resource', uri: 'cw://wiki/elsewhere/{x}' },
          argument: { name: 'x', value: '' },
        }),
      );
      expect(error.code).toBe(ErrorCode.InvalidParams);
    });
  });
});
