/** A JSON Schema (2020-12, as the OpenAPI 3.1 description writes it) as plain data. */
export type JsonSchema = { [key: string]: unknown };

const COMPONENT_REF = '#/components/schemas/';

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schema with every `#/components/schemas/*` reference replaced by the component itself, so
 * a tool's schema stands alone. A reference back into a component being inlined (a recursive
 * shape) becomes an open object: no tool's schema needs the recursion spelled out.
 */
export function inlineReferences(
  schema: unknown,
  components: Record<string, unknown>,
  inlining: ReadonlySet<string> = new Set(),
): unknown {
  if (Array.isArray(schema))
    return schema.map((item) => inlineReferences(item, components, inlining));
  if (!isObject(schema)) return schema;
  const reference = schema.$ref;
  if (typeof reference === 'string' && reference.startsWith(COMPONENT_REF)) {
    const name = reference.slice(COMPONENT_REF.length);
    const { $ref: _reference, ...annotations } = schema;
    if (inlining.has(name) || !(name in components)) return { type: 'object', ...annotations };
    const inlined = inlineReferences(components[name], components, new Set([...inlining, name]));
    return isObject(inlined) ? { ...inlined, ...annotations } : inlined;
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = inlineReferences(value, components, inlining);
  }
  return out;
}

export function asSchema(value: unknown): JsonSchema {
  return isObject(value) ? value : {};
}

/** The properties and required names of an object schema (none for any other). */
export function objectShape(schema: JsonSchema): {
  properties: Record<string, JsonSchema>;
  required: string[];
} {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, value] of Object.entries(asSchema(schema.properties))) {
    properties[name] = asSchema(value);
  }
  const required = Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === 'string')
    : [];
  return { properties, required };
}

/** MCP wants an object at the top of an output schema: anything else is wrapped as `result`. */
export function asObjectSchema(schema: JsonSchema): JsonSchema {
  if (schema.type === 'object') return schema;
  if (Object.keys(schema).length === 0) return { type: 'object' };
  return { type: 'object', properties: { result: schema }, required: ['result'] };
}
