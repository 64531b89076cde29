import type { OpenAPIObject } from '@nestjs/swagger';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The one schema a nullable reference points at: `$ref`, or an `allOf` of a single `$ref`. */
function referenceOf(schema: JsonObject): JsonObject | undefined {
  if (typeof schema.$ref === 'string') return { $ref: schema.$ref };
  const [only, ...others] = Array.isArray(schema.allOf) ? schema.allOf : [];
  if (others.length > 0 || only === null || typeof only !== 'object' || Array.isArray(only))
    return undefined;
  return typeof only.$ref === 'string' ? { $ref: only.$ref } : undefined;
}

/** A schema the generator marked `nullable: true`, in JSON Schema 2020-12 terms. */
function nullable(schema: JsonObject): JsonObject {
  const reference = referenceOf(schema);
  if (reference) {
    // The generator adds `type: object` beside the reference; null must pass, so drop both.
    const annotations = { ...schema };
    for (const key of ['$ref', 'allOf', 'type']) delete annotations[key];
    return { ...annotations, anyOf: [reference, { type: 'null' }] };
  }
  if (typeof schema.type !== 'string') return { anyOf: [schema, { type: 'null' }] };
  const widened: JsonObject = { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.enum)) widened.enum = [...schema.enum, null];
  return widened;
}

/** Rewrites the 3.0 idioms the generator still emits (`nullable`) into JSON Schema 2020-12. */
function rewriteSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewriteSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) out[key] = rewriteSchema(value);
  const isNullable = out.nullable === true;
  delete out.nullable;
  return isNullable ? nullable(out) : out;
}

export function toOpenApi31(document: OpenAPIObject): OpenAPIObject {
  return {
    ...(rewriteSchema(document as unknown as Json) as unknown as OpenAPIObject),
    openapi: '3.1.0',
  };
}
