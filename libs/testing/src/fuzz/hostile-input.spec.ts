import fc from 'fast-check';
import {
  ENCODED_DOT_SEGMENTS,
  hostileJsonBody,
  hostileMultipart,
  hostileRequest,
  namedCases,
} from './hostile-input';
import { type FuzzOperation, operationsOf } from './openapi-operations';

const editOperation: FuzzOperation = {
  id: 'POST /api/wiki/pages/{page_id}/edits',
  method: 'POST',
  path: '/api/wiki/pages/{page_id}/edits',
  pathParameters: ['page_id'],
  queryParameters: [],
  body: {
    contentType: 'application/json',
    schema: {
      type: 'object',
      required: ['expected_version', 'title'],
      properties: { expected_version: { type: 'integer', minimum: 1 }, title: { type: 'string' } },
    },
  },
};
const listOperation: FuzzOperation = {
  id: 'GET /api/wiki/trash',
  method: 'GET',
  path: '/api/wiki/trash',
  pathParameters: [],
  queryParameters: ['limit', 'offset'],
};

/** What undici puts on the request line: printable ASCII only. */
const SENDABLE_PATH = /^\/[\x21-\x7e]*$/;

describe('namedCases', () => {
  it('covers the cases issue 8 names for a JSON operation with a path parameter', () => {
    const labels = namedCases(editOperation, { page_id: 'P' }).map((each) => each.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'bad encoding in page_id',
        'dot segments in page_id',
        'overlong in page_id',
        'bad percent-escape in query',
        'nested 2,000 levels',
        'malformed JSON',
        'NUL in title',
        'lone surrogate in title',
        'null in expected_version',
        'huge number in expected_version',
      ]),
    );
    const deep = namedCases(editOperation).find((each) => each.label === 'nested 2,000 levels');
    expect(deep?.body).toContain('['.repeat(2_000));
  });

  it('puts each encoding of a dot segment in each path parameter, the rest of the path kept', () => {
    const share = { ...editOperation, path: '/api/wiki/pages/{page_id}/share-links/{link_id}' };
    share.pathParameters = ['page_id', 'link_id'];
    const paths = namedCases(share, { page_id: 'P' }).map((each) => each.path);
    for (const value of [
      '..%252F..%252F',
      '%252e%252e%252f',
      '%25%32%65%25%32%65%25%32%66',
      '%2e%2E%2f',
      '.%2e%2F',
      '..%5C..%5C',
      '%c0%ae%c0%ae%2f',
      '%25c0%25ae%25c0%25ae%252f',
    ]) {
      expect(Object.values(ENCODED_DOT_SEGMENTS)).toContain(value);
      expect(paths).toEqual(
        expect.arrayContaining([
          `/api/wiki/pages/${value}/share-links/x`,
          `/api/wiki/pages/P/share-links/${value}`,
        ]),
      );
    }
    for (const path of paths) expect(path).toMatch(SENDABLE_PATH);
  });

  it('covers huge and NUL query values, and broken multipart bodies', () => {
    const labels = namedCases(listOperation).map((each) => each.label);
    expect(labels).toEqual(expect.arrayContaining(['huge offset', 'NUL in offset']));
    const upload = { ...editOperation, body: { contentType: 'multipart/form-data' } };
    expect(namedCases(upload).map((each) => each.label)).toEqual(
      expect.arrayContaining(['multipart without boundary', 'multipart cut short']),
    );
  });
});

describe('hostileRequest', () => {
  it('replays the same requests for the same seed', () => {
    const sample = (seed: number) =>
      fc.sample(hostileRequest(editOperation), { seed, numRuns: 30 });
    expect(sample(42)).toEqual(sample(42));
    expect(sample(42)).not.toEqual(sample(43));
  });

  it('only makes requests a client can put on the wire', () => {
    fc.assert(
      fc.property(hostileRequest(editOperation), hostileRequest(listOperation), (edit, list) => {
        for (const request of [edit, list]) {
          expect(request.path).toMatch(SENDABLE_PATH);
          for (const value of Object.values(request.headers))
            expect(value).toMatch(/^[\x20-\x7e]*$/);
        }
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('hostileJsonBody', () => {
  it('mostly keeps the other fields plausible and makes one of them hostile', () => {
    const bodies = fc.sample(hostileJsonBody(editOperation.body?.schema), {
      seed: 1,
      numRuns: 200,
    });
    const parsed = bodies.flatMap((text) => {
      try {
        return [JSON.parse(text) as unknown];
      } catch {
        return [];
      }
    });
    expect(parsed.length).toBeGreaterThan(100);
    expect(bodies.length - parsed.length).toBeGreaterThan(0);
    expect(bodies.some((text) => text.includes('\\u0000'))).toBe(true);
    expect(bodies.some((text) => /\\ud[89ab]/i.test(text))).toBe(true);
  });
});

describe('hostileMultipart', () => {
  it('sends bodies with and without a boundary, whole and cut short', () => {
    const bodies = fc.sample(hostileMultipart(), { seed: 3, numRuns: 200 });
    expect(bodies.some((each) => each.contentType === 'multipart/form-data')).toBe(true);
    expect(bodies.some((each) => !each.body.endsWith('--\r\n'))).toBe(true);
  });
});

describe('operationsOf', () => {
  it('lists each method of each path with its parameters and resolved body schema', () => {
    const operations = operationsOf({
      paths: {
        '/x/{id}': {
          get: {
            parameters: [
              { name: 'id', in: 'path' },
              { name: 'q', in: 'query' },
            ],
          },
          post: {
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/B' } } },
            },
          },
          parameters: [],
        },
      },
      components: {
        schemas: {
          B: { allOf: [{ $ref: '#/components/schemas/A' }], properties: { b: { type: 'string' } } },
          A: { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] },
        },
      },
    });
    expect(operations.map((each) => each.id)).toEqual(['GET /x/{id}', 'POST /x/{id}']);
    expect(operations[0]).toMatchObject({ pathParameters: ['id'], queryParameters: ['q'] });
    expect(operations[1].body?.schema).toMatchObject({
      properties: { a: { type: 'integer' }, b: { type: 'string' } },
      required: ['a'],
    });
  });
});
