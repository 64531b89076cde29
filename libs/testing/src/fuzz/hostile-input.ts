import fc from 'fast-check';
import {
  hostileKey,
  hostileString,
  hostileValue,
  jsonText,
  type JsonLike,
  type JsonObject,
  NAMED_STRINGS,
  nested,
  percentEncode,
  RawJson,
} from './hostile-values';
import type { FuzzOperation, FuzzSchema } from './openapi-operations';

/**
 * Generators of the bad requests an outside client sends, for one OpenAPI operation: JSON bodies
 * with one field (or all of it) made hostile, malformed JSON, broken multipart bodies, hostile
 * query strings and path parameters, odd credentials and request ids; and the cases issue 8
 * names, made for that operation. Everything random is a fast-check arbitrary, so a seed
 * replays a walk exactly.
 */

/** A well-formed UUID v4 that names nothing: fixed, so that a seed replays a walk exactly. */
const UNKNOWN_UUID = '2f1c8a6e-0b7d-4c3e-9f5a-8d6b4e2c1a07';

export type CredentialMode = 'none' | 'session' | 'bad-bearer';

/** One request of the walk; the walk adds the credential the mode names. */
export interface HostileRequest {
  method: string;
  /** Raw request target, percent-encoded as sent (possibly badly, on purpose). */
  path: string;
  headers: Record<string, string>;
  body?: string;
  credential: CredentialMode;
  /** What the request tries, for the report. */
  label: string;
}

/** A plausible value for a schema, so that a single hostile field gets past the others. */
export function plausibleValue(schema: FuzzSchema | undefined): JsonLike {
  if (!schema) return 'x';
  if (schema.example !== undefined) return schema.example as JsonLike;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0] as JsonLike;
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return false;
  if (schema.type === 'array') return schema.minItems ? [plausibleValue(schema.items)] : [];
  if (schema.type === 'object') return plausibleObject(schema);
  if (schema.format === 'uuid') return UNKNOWN_UUID;
  if (schema.format === 'email') return 'fuzz@example.test';
  return 'f'.repeat(Math.max(1, schema.minLength ?? 1));
}

function plausibleObject(schema: FuzzSchema): JsonObject {
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([name]) => required.has(name))
      .map(([name, property]) => [name, plausibleValue(property)]),
  );
}

/** Malformed JSON texts (and JSON-like texts the spec does not allow). */
const MALFORMED_JSON = [
  '{',
  '{"title":',
  '{"title": "a",}',
  "{'title': 'a'}",
  '{title: 1}',
  '{"a":1} trailing',
  '\ufeff{}',
  '[1, 2',
  '"unterminated',
  '{"a": NaN}',
  '{"a": undefined}',
  '{"a": 1} /* comment */',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  ' ',
];

/** Bad JSON bodies for an operation: each one field made hostile, or the whole body. */
export function hostileJsonBody(schema: FuzzSchema | undefined): fc.Arbitrary<string> {
  const base = schema?.type === 'object' || schema?.properties ? plausibleObject(schema) : {};
  const fields = Object.keys(schema?.properties ?? {});
  const oneFieldBad =
    fields.length === 0
      ? fc.constant(jsonText(base))
      : fc
          .tuple(fc.constantFrom(...fields), hostileValue())
          .map(([field, value]) => jsonText({ ...base, [field]: value }));
  return fc.oneof(
    { weight: 5, arbitrary: oneFieldBad },
    {
      weight: 1,
      arbitrary: fc
        .tuple(hostileKey(), hostileValue())
        .map(([key, value]) => jsonText({ ...base, [key]: value })),
    },
    { weight: 1, arbitrary: hostileValue().map(jsonText) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...fields, 'x')
        .map((field) => jsonText({ ...base, [field]: null })),
    },
  );
}

/** `multipart/form-data` bodies with and without their boundary, whole and cut short. */
export function hostileMultipart(): fc.Arbitrary<{ contentType: string; body: string }> {
  const boundary = 'fuzzBoundary7MA4YWxk';
  const part = (filename: string, content: string): string =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    `Content-Type: text/plain\r\n\r\n${content}\r\n`;
  const whole = (filename: string): string => `${part(filename, 'hello')}--${boundary}--\r\n`;
  return fc.oneof(
    fc.constantFrom(
      { contentType: 'multipart/form-data', body: whole('a.txt') },
      { contentType: 'multipart/form-data; boundary=', body: whole('a.txt') },
      { contentType: `multipart/form-data; boundary="${boundary}`, body: whole('a.txt') },
      { contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, body: whole('a.txt') },
      { contentType: `multipart/form-data; boundary=${boundary}`, body: '' },
      { contentType: `multipart/form-data; boundary=${boundary}`, body: 'no parts at all' },
      {
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: `${part('a.txt', 'x')}${part('b.txt', 'y')}--${boundary}--\r\n`,
      },
      { contentType: 'application/json', body: '{"file":"x"}' },
      { contentType: 'text/plain', body: 'plain' },
    ),
    fc
      .tuple(
        fc.constantFrom('a.txt', 'a\u0000b.txt', '../../x', 'x\ud800.txt', 'é'.repeat(300)),
        fc.nat(),
      )
      .map(([filename, cut]) => {
        const body = whole(filename);
        return {
          contentType: `multipart/form-data; boundary=${boundary}`,
          body: body.slice(0, cut % body.length),
        };
      }),
  );
}

/** Percent-encoded query values, including encodings that do not decode. */
const RAW_QUERY_VALUES = [
  '%00',
  'a%00b',
  '%ff',
  '%C0%AE',
  '%ED%A0%80',
  '%',
  '%zz',
  '%E2%82',
  '99999999999999999999',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '%20',
  '',
  'null',
  'true',
  '..%2F..%2F',
];

function hostileQueryValue(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...RAW_QUERY_VALUES),
    hostileString()
      .filter((text) => text.length <= 1_000)
      .map(percentEncode),
  );
}

/** A query string over the operation's own parameters and some it does not have. */
export function hostileQuery(names: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 4, arbitrary: names.length > 0 ? fc.constantFrom(...names) : fc.constant('x') },
    { weight: 1, arbitrary: fc.constantFrom('unknown', '__proto__', 'a%00', '%ff', '', 'a[b]') },
  );
  return fc
    .array(fc.tuple(name, hostileQueryValue()), { minLength: 1, maxLength: 4 })
    .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`);
}

/**
 * A dot segment or a backslash however a client, or a hop that encodes a value once more (the
 * MCP server does), may write it into one path parameter: encoded once, twice or three times,
 * in mixed case, half encoded, as overlong UTF-8, and `..` touching a slash. None may answer 5xx
 * or reach another route.
 */
export const ENCODED_DOT_SEGMENTS: Readonly<Record<string, string>> = {
  'dot segments': '..%2F..%2F',
  'double-encoded dot segments': '..%252F..%252F',
  'double-encoded dots': '%252e%252e%252f',
  'triple-encoded dots': '%25%32%65%25%32%65%25%32%66',
  'mixed-case encoded dots': '%2e%2E%2f',
  'half-encoded dots': '.%2e%2F',
  'encoded backslash': '..%5C..%5C',
  'double-encoded backslash': '..%255C',
  'overlong UTF-8 dots': '%c0%ae%c0%ae%2f',
  'double-encoded overlong dots': '%25c0%25ae%25c0%25ae%252f',
  'dots touching a slash': 'x..%2Fy',
};

/** Path parameter values: good ones (so the rest of the request is reached) and broken ones. */
const RAW_SEGMENTS = [
  ...Object.values(ENCODED_DOT_SEGMENTS),
  '%C0%AE',
  '%ff',
  '%',
  '%zz',
  '..%2F..%2Fetc',
  '%2e%2e',
  '..',
  '...',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '-1',
  '0',
  '99999999999999999999',
  '1.5',
  'null',
  '%E2%80%AE',
  'a%20b',
  '00000000-0000-0000-0000-000000000000',
];

export function hostileSegment(known: string | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: known === undefined ? fc.uuid({ version: 4 }) : fc.constant(known) },
    { weight: 1, arbitrary: fc.uuid({ version: 4 }) },
    { weight: 3, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 1, arbitrary: fc.integer({ min: 101, max: 5_000 }).map((n) => 'p'.repeat(n)) },
  );
}

function fillPath(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => values[name] ?? 'x');
}

const HOSTILE_REQUEST_IDS = ['short', 'r'.repeat(200), 'has space', '../../x', 'fuzz-request-0001'];

function headersArbitrary(): fc.Arbitrary<{ credential: CredentialMode; requestId?: string }> {
  return fc.record({
    credential: fc.constantFrom<CredentialMode>('session', 'session', 'none', 'bad-bearer'),
    requestId: fc.option(fc.constantFrom(...HOSTILE_REQUEST_IDS), { freq: 4, nil: undefined }),
  });
}

function withRequestId(headers: Record<string, string>, requestId: string | undefined) {
  return requestId === undefined ? headers : { ...headers, 'x-request-id': requestId };
}

/** Random hostile requests for one operation. */
export function hostileRequest(
  operation: FuzzOperation,
  known: Readonly<Record<string, string>> = {},
): fc.Arbitrary<HostileRequest> {
  const segments = fc.record(
    Object.fromEntries(operation.pathParameters.map((name) => [name, hostileSegment(known[name])])),
  );
  const query = fc.option(hostileQuery(operation.queryParameters), { freq: 2, nil: '' });
  const body: fc.Arbitrary<{ contentType?: string; body?: string }> =
    operation.body?.contentType === 'multipart/form-data'
      ? hostileMultipart()
      : operation.body
        ? hostileJsonBody(operation.body.schema).map((text) => ({
            contentType: 'application/json',
            body: text,
          }))
        : fc.constantFrom({}, { contentType: 'application/json', body: '{"x":1}' });
  return fc
    .tuple(segments, query, body, headersArbitrary())
    .map(([values, search, payload, { credential, requestId }]) => ({
      method: operation.method,
      path: fillPath(operation.path, values) + search,
      headers: withRequestId(
        payload.contentType ? { 'content-type': payload.contentType } : {},
        requestId,
      ),
      body: payload.body,
      credential,
      label: 'random',
    }));
}

/**
 * The cases issue 8 names, made for one operation, sent before the random ones so that every
 * walk covers them whatever the seed: NUL and lone surrogates in each body field, 2,000 levels
 * of nesting, malformed JSON, null in each field, an offset past the integer range, `%ff` in the
 * query, a bad encoding, dot segments however encoded (`ENCODED_DOT_SEGMENTS`) and an overlong
 * value in each path parameter, multipart without a boundary or cut short.
 */
export function namedCases(
  operation: FuzzOperation,
  known: Readonly<Record<string, string>> = {},
): HostileRequest[] {
  const goodPath = fillPath(
    operation.path,
    Object.fromEntries(operation.pathParameters.map((name) => [name, known[name] ?? UNKNOWN_UUID])),
  );
  const request = (label: string, overrides: Partial<HostileRequest>): HostileRequest => ({
    method: operation.method,
    path: goodPath,
    headers: {},
    credential: 'session',
    label,
    ...overrides,
  });
  const json = (label: string, body: string): HostileRequest =>
    request(label, { headers: { 'content-type': 'application/json' }, body });
  const cases: HostileRequest[] = [];
  for (const name of operation.pathParameters) {
    for (const [label, value] of [
      ['bad encoding', '%C0%AE'],
      ...Object.entries(ENCODED_DOT_SEGMENTS),
      ['overlong', 'p'.repeat(5_000)],
    ]) {
      const path = fillPath(operation.path, { ...known, [name]: value });
      cases.push(request(`${label} in ${name}`, { path }));
    }
  }
  cases.push(request('bad percent-escape in query', { path: `${goodPath}?a=%ff` }));
  for (const name of operation.queryParameters) {
    cases.push(request(`NUL in ${name}`, { path: `${goodPath}?${name}=a%00b` }));
    cases.push(request(`huge ${name}`, { path: `${goodPath}?${name}=99999999999999999999` }));
  }
  if (operation.body?.contentType === 'multipart/form-data') {
    const cut = '--B\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc';
    cases.push(
      request('multipart without boundary', {
        headers: { 'content-type': 'multipart/form-data' },
        body: cut,
      }),
    );
    cases.push(
      request('multipart cut short', {
        headers: { 'content-type': 'multipart/form-data; boundary=B' },
        body: cut,
      }),
    );
  } else if (operation.body) {
    const base = plausibleValue(operation.body.schema);
    const object = base !== null && typeof base === 'object' && !Array.isArray(base) ? base : {};
    cases.push(json('nested 2,000 levels', jsonText({ ...object, deep: nested(2_000) })));
    cases.push(json('malformed JSON', '{"a":'));
    for (const field of Object.keys(operation.body.schema?.properties ?? {})) {
      for (const [label, value] of [
        ['NUL', NAMED_STRINGS.nul],
        ['lone surrogate', NAMED_STRINGS.loneHighSurrogate],
        ['null', null],
        ['huge number', new RawJson('99999999999999999999')],
      ] as const) {
        cases.push(json(`${label} in ${field}`, jsonText({ ...object, [field]: value })));
      }
    }
  }
  return cases;
}
