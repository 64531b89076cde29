import type { OpenAPIObject } from '@nestjs/swagger';
import { AppError } from '@cw/platform';
import { DescriptionIndex } from './description-index';

const documentWith = (summary: string) =>
  ({
    openapi: '3.1.0',
    info: { title: 't', version: '0.2.0' },
    paths: {
      '/health': {
        get: {
          operationId: 'getHealth',
          summary,
          responses: {},
          'x-service': {
            authentication: 'route_specific',
            required_scopes: null,
            operator_requirements: [],
            policy_requirements: ['no_credential'],
            resource_authorization: 'checked_at_execution',
            mcp_tools: [],
          },
        },
        // Not an operation: path-level fields are passed over.
        parameters: [],
      },
      '/undeclared': { get: { operationId: 'undeclared', responses: {} } },
    },
  }) as unknown as OpenAPIObject;

describe('the indexed description', () => {
  it('indexes each document once, and again when the source answers a new one', () => {
    let current: OpenAPIObject | undefined = documentWith('Up.');
    const index = new DescriptionIndex({ document: () => current });
    const first = index.current();
    expect(index.current()).toBe(first);
    expect(first.operations.map((operation) => [operation.method, operation.operationId])).toEqual([
      ['GET', 'getHealth'],
    ]);
    expect(first.byId.get('getHealth')?.summary).toBe('Up.');

    current = documentWith('Up and running.');
    const second = index.current();
    expect(second.revision).not.toBe(first.revision);
    expect(second.byId.get('getHealth')?.summary).toBe('Up and running.');
  });

  it('answers 503 before the app has built its description', () => {
    const index = new DescriptionIndex({ document: () => undefined });
    expect(() => index.current()).toThrow(AppError);
    expect(() => index.current()).toThrow(/not built yet/);
  });
});
