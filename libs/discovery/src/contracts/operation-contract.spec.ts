import type { OpenAPIObject } from '@nestjs/swagger';
import { describedOperations } from '../description/described-operation';
import { contractOf, transitiveSchemas } from './operation-contract';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 't', version: '0.2.0' },
  paths: {
    '/api/things/{thing_id}/edits': {
      parameters: [],
      post: {
        operationId: 'editThing',
        summary: 'Edits a thing.',
        parameters: [{ name: 'thing_id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('EditDto') } },
        },
        responses: {
          200: { description: '', content: { 'application/json': { schema: ref('ResultDto') } } },
          202: { description: 'later' },
          403: {
            description: 'ACCESS_DENIED',
            content: { 'application/json': { schema: ref('Envelope') } },
          },
          409: {
            description: 'Conflict',
            content: { 'application/json': { schema: ref('Envelope') } },
          },
        },
        'x-service': {
          authentication: 'person',
          required_scopes: ['wiki:write'],
          operator_requirements: [],
          policy_requirements: ['setting:SMTP_URL'],
          resource_authorization: 'checked_at_execution',
          mcp_tools: ['edit_thing'],
        },
        security: [{ bearer: [] }, { session_token: [] }],
      },
    },
  },
  components: {
    schemas: {
      EditDto: { type: 'object', properties: { edits: { type: 'array', items: ref('EditItem') } } },
      EditItem: { oneOf: [ref('ReplaceEdit'), ref('AppendEdit')] },
      ReplaceEdit: { type: 'object', properties: { kind: { const: 'replace' } } },
      AppendEdit: { type: 'object', properties: { again: ref('EditItem') } },
      ResultDto: { type: 'object', properties: { mutation: ref('Mutation') } },
      Mutation: { type: 'object' },
      Envelope: { type: 'object', properties: { error: ref('EnvelopeError') } },
      EnvelopeError: { type: 'object' },
      Unrelated: { type: 'object' },
    },
  },
} as unknown as OpenAPIObject;

describe('the contract of an operation', () => {
  const [operation] = describedOperations(DOCUMENT);
  const contract = contractOf(DOCUMENT, operation);

  it('carries the request, the declared answers and the errors apart', () => {
    expect(contract).toMatchObject({
      operation_id: 'editThing',
      method: 'POST',
      path: '/api/things/{thing_id}/edits',
      required_scopes: ['wiki:write'],
      request: {
        parameters: [expect.objectContaining({ name: 'thing_id', in: 'path' })],
        body: { required: true, content: { 'application/json': { schema: ref('EditDto') } } },
      },
    });
    expect(Object.keys(contract.responses)).toEqual(['200', '202']);
    expect(Object.keys(contract.errors)).toEqual(['403', '409']);
  });

  it('describes its authentication with the prerequisites read from the policy', () => {
    expect(contract.authentication).toEqual({
      access: 'person',
      security: [{ bearer: [] }, { session_token: [] }],
      operator_requirements: [],
      prerequisites: ['setting:SMTP_URL'],
      resource_authorization: 'checked_at_execution',
      mcp_tools: ['edit_thing'],
    });
  });

  it('includes every schema referenced, transitively and through cycles, and no other', () => {
    expect(Object.keys(contract.schemas)).toEqual([
      'AppendEdit',
      'EditDto',
      'EditItem',
      'Envelope',
      'EnvelopeError',
      'Mutation',
      'ReplaceEdit',
      'ResultDto',
    ]);
  });

  it('ignores references outside the component schemas and names the schemas lack', () => {
    expect(
      transitiveSchemas(DOCUMENT, { a: ref('Missing'), b: { $ref: '#/components/responses/X' } }),
    ).toEqual({});
  });
});
