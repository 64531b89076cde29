import type { OpenAPIObject } from '@nestjs/swagger';
import { buildToolCatalog } from './tool-catalog';

const page = {
  type: 'object',
  properties: { id: { type: 'integer' }, content_md: { type: 'string' } },
  required: ['id', 'content_md'],
};

function operation(operationId: string, tools: string[], extra: Record<string, unknown> = {}) {
  return {
    operationId,
    summary: `${operationId}.`,
    'x-service': { mcp_tools: tools },
    responses: {
      '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } } },
    },
    ...extra,
  };
}

const pathId = { name: 'page_id', in: 'path', required: true, schema: { type: 'string' } };

function description(paths: Record<string, unknown>): OpenAPIObject {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths,
    components: { schemas: { Page: { type: 'object', properties: { page: page } } } },
  } as unknown as OpenAPIObject;
}

describe('buildToolCatalog', () => {
  it('derives a tool from the route naming it: inputs flattened, output inlined, hints from the method', () => {
    const { tools, missing } = buildToolCatalog(
      description({
        '/api/wiki/pages/{page_id}/appends': {
          post: operation('appendToPage', ['append_to_page_by_id'], {
            parameters: [pathId],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { markdown: { type: 'string' } },
                    required: ['markdown'],
                  },
                },
              },
            },
          }),
        },
      }),
    );
    expect(tools).toHaveLength(1);
    const [tool] = tools;
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        page_id: expect.objectContaining({ type: 'integer', minimum: 1 }),
        markdown: { type: 'string' },
      },
      required: ['page_id', 'markdown'],
      additionalProperties: false,
    });
    expect(tool.outputSchema).toEqual({ type: 'object', properties: { page } });
    expect(tool.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(missing).toContain('search_wiki');
  });

  it('read_page: the page metadata without its body, and markdown beside it', () => {
    const { tools } = buildToolCatalog(
      description({
        '/api/wiki/pages/{page_id}': {
          get: operation('readPage', ['read_page'], { parameters: [pathId] }),
        },
      }),
    );
    const output = tools[0].outputSchema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(output.properties.page).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' } },
      required: ['id'],
    });
    expect(output.required).toContain('markdown');
    // Nullable as strict clients accept it: one type per branch, no type array.
    expect(output.properties.markdown).toEqual({
      anyOf: [{ type: 'string' }, { type: 'null' }],
      description: 'The page body; null when access is null.',
    });
    expect(tools[0].annotations.readOnlyHint).toBe(true);
  });

  it('discover_operations takes `query` for the route parameter `q`', () => {
    const { tools } = buildToolCatalog(
      description({
        '/api/developer/operations': {
          get: operation('discoverOperations', ['discover_operations'], {
            parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
          }),
        },
      }),
    );
    expect(Object.keys((tools[0].inputSchema as { properties: object }).properties)).toEqual([
      'query',
    ]);
  });

  it('refuses a tool name the spec does not have, and a tool two routes name', () => {
    expect(() =>
      buildToolCatalog(description({ '/a': { get: operation('a', ['serch_wiki']) } })),
    ).toThrow('serch_wiki');
    expect(() =>
      buildToolCatalog(
        description({
          '/a': { get: operation('a', ['search_wiki']) },
          '/b': { get: operation('b', ['search_wiki']) },
        }),
      ),
    ).toThrow('several routes');
  });
});
