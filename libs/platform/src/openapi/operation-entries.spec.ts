import { operationEntries } from './operation-entries';

describe('operationEntries', () => {
  it('gives every operation of every path in order, and nothing else a path item holds', () => {
    const document = {
      paths: {
        '/a/{id}': {
          parameters: [{ name: 'id', in: 'path' }],
          summary: 'the item',
          get: { operationId: 'getA' },
          delete: { operationId: 'deleteA' },
        },
        '/b': { servers: [], post: { operationId: 'postB' }, trace: { operationId: 'traceB' } },
      },
    };
    expect(
      operationEntries<{ operationId: string }>(document).map(
        ({ path, method, operation }) => `${method} ${path} ${operation.operationId}`,
      ),
    ).toEqual(['get /a/{id} getA', 'delete /a/{id} deleteA', 'post /b postB', 'trace /b traceB']);
  });

  it('reads a description without paths as empty', () => {
    expect(operationEntries({})).toEqual([]);
  });
});
