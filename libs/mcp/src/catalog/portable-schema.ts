import type { JsonSchema } from './json-schema';

/** Subschema positions holding one schema, a list of schemas, or a map of named schemas. */
const SINGLE = [
  'items',
  'contains',
  'not',
  'propertyNames',
  'if',
  'then',
  'else',
  'additionalProperties',
  'unevaluatedProperties',
  'additionalItems',
  'unevaluatedItems',
  'contentSchema',
];
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAPS = [
  'properties',
  'patternProperties',
  'dependentSchemas',
  'dependencies',
  '$defs',
  'definitions',
];

/** Where `true` and `false` are the usual spelling ("any other property: allowed / refused"). */
const BOOLEAN_VALUED = new Set([
  'additionalProperties',
  'unevaluatedProperties',
  'additionalItems',
  'unevaluatedItems',
]);

const NUMBER_KEYWORDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
];

/** The keywords that apply to one JSON type only: they go into that type's `anyOf` branch. */
const TYPE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  string: [
    'minLength',
    'maxLength',
    'pattern',
    'format',
    'contentMediaType',
    'contentEncoding',
    'contentSchema',
  ],
  number: NUMBER_KEYWORDS,
  integer: NUMBER_KEYWORDS,
  object: [
    'properties',
    'patternProperties',
    'additionalProperties',
    'unevaluatedProperties',
    'required',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'dependentRequired',
    'dependentSchemas',
    'dependencies',
  ],
  array: [
    'items',
    'prefixItems',
    'contains',
    'minContains',
    'maxContains',
    'minItems',
    'maxItems',
    'uniqueItems',
    'additionalItems',
    'unevaluatedItems',
  ],
};

/** Keywords that constrain a value; a schema with none of them accepts anything. */
const CONSTRAINING = new Set([
  'type',
  'enum',
  'const',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  ...Object.values(TYPE_KEYWORDS).flat(),
]);

/** Every JSON value, each type on its own (integers are numbers). */
const ANY_JSON_VALUE: JsonSchema[] = ['null', 'boolean', 'object', 'array', 'number', 'string'].map(
  (type) => ({ type }),
);

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function constrains(schema: JsonSchema): boolean {
  if (Object.keys(schema).some((key) => CONSTRAINING.has(key))) return true;
  return 'if' in schema && ('then' in schema || 'else' in schema);
}

/** `type: ["string", "null"]` as `anyOf` branches of one type each, each with its keywords. */
function splitTypeUnion(schema: JsonSchema, types: string[]): JsonSchema {
  const typed = new Set(types.flatMap((type) => TYPE_KEYWORDS[type] ?? []));
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type') {
      out.anyOf = types.map((type) => {
        const branch: JsonSchema = { type };
        for (const name of TYPE_KEYWORDS[type] ?? []) {
          if (name in schema) branch[name] = schema[name];
        }
        return branch;
      });
    } else if (key !== 'anyOf' && !typed.has(key)) {
      out[key] = value;
    }
  }
  // An `anyOf` of its own still applies beside the type branches.
  if ('anyOf' in schema) {
    const allOf = Array.isArray(schema.allOf) ? (schema.allOf as unknown[]) : [];
    out.allOf = [...allOf, { anyOf: schema.anyOf }];
  }
  return out;
}

function portable(schema: unknown, keyword: string | undefined): unknown {
  if (typeof schema === 'boolean') {
    if (keyword !== undefined && BOOLEAN_VALUED.has(keyword)) return schema;
    return schema ? { anyOf: ANY_JSON_VALUE } : { not: {} };
  }
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SINGLE.includes(key) && !(key === 'items' && Array.isArray(value))) {
      out[key] = portable(value, key);
    } else if (LISTS.includes(key) || key === 'items') {
      out[key] = Array.isArray(value) ? value.map((item) => portable(item, key)) : value;
    } else if (MAPS.includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, portable(sub, key)]),
      );
    } else {
      out[key] = value;
    }
  }
  if (Array.isArray(out.type)) return splitTypeUnion(out, out.type as string[]);
  if (!constrains(out) && keyword !== 'not') return { ...out, anyOf: ANY_JSON_VALUE };
  return out;
}

/**
 * A tool schema in the spelling strict MCP clients accept without a portability warning (the
 * MCP Inspector's `--strict` checks; clients mapping tool schemas onto a one-`type` dialect such
 * as Gemini's function declarations): no `type` arrays (`["string", "null"]` becomes an `anyOf`
 * of one-type branches), no bare `true`/`false` where a schema goes, and no schema that
 * constrains nothing (`{}` is spelled out as any JSON value). Every rewrite accepts exactly the
 * values the original accepts.
 */
export function portableSchema(schema: JsonSchema): JsonSchema {
  return portable(schema, undefined) as JsonSchema;
}
