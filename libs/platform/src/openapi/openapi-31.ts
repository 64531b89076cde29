import type { OpenAPIObject } from '@nestjs/swagger';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Rewrites the 3.0 idioms the generator still emits (`nullable`) into JSON Schema 2020-12. */
function rewriteSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewriteSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) out[key] = rewriteSchema(value);
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (!out.type) return { anyOf: [out, { type: 'null' }] };
  } else if (out.nullable === false) {
    delete out.nullable;
  }
  return out;
}

export function toOpenApi31(document: OpenAPIObject): OpenAPIObject {
  return {
    ...(rewriteSchema(document as unknown as Json) as unknown as OpenAPIObject),
    openapi: '3.1.0',
  };
}
