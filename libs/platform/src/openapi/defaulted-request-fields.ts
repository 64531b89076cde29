import type { OpenAPIObject } from '@nestjs/swagger';
import { operationEntries } from './operation-entries';

type Json = Record<string, unknown>;

const SCHEMA_REF = '#/components/schemas/';

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refName(node: Json): string | undefined {
  const ref = node['$ref'];
  return typeof ref === 'string' && ref.startsWith(SCHEMA_REF)
    ? ref.slice(SCHEMA_REF.length)
    : undefined;
}

/** The names of the component schemas a value refers to, at any depth. */
function referencedNames(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => referencedNames(item, into));
  else if (isObject(value)) {
    const name = refName(value);
    if (name !== undefined) into.add(name);
    Object.values(value).forEach((item) => referencedNames(item, into));
  }
  return into;
}

function hasOwnDefault(schema: unknown): boolean {
  if (!isObject(schema) || !isObject(schema['properties'])) return false;
  return Object.values(schema['properties']).some(
    (property) => isObject(property) && property['default'] !== undefined,
  );
}

/**
 * Request fields with a `default` are optional, but openapi-typescript (with its default
 * `defaultNonNullable`) types a defaulted property of a *component* schema as always present:
 * right for answers, wrong for requests, so a client had to send `start_as`, `wait`… A request
 * body whose schemas hold a default is therefore described inline, with the schemas on the way
 * to the default (a schema under `requestBody` keeps such fields optional in every generator).
 * The JSON Schema is the same; only where it sits changes. Request-only components that are
 * no longer referenced are removed; a recursive schema stays a reference.
 */
export function inlineDefaultedRequestSchemas(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const leadsToDefault = new Map<string, boolean>();
  const reaches = (name: string, stack: string[]): boolean => {
    const known = leadsToDefault.get(name);
    if (known !== undefined) return known;
    if (stack.includes(name)) return false;
    const schema = schemas[name];
    const found =
      hasOwnDefault(schema) ||
      [...referencedNames(schema, new Set())].some((next) => reaches(next, [...stack, name]));
    leadsToDefault.set(name, found);
    return found;
  };

  const inlined = new Set<string>();
  const inline = (value: unknown, stack: string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => inline(item, stack));
    if (!isObject(value)) return value;
    const name = refName(value);
    if (name !== undefined && !stack.includes(name) && reaches(name, [])) {
      const { $ref: _ref, ...siblings } = value;
      inlined.add(name);
      return { ...(inline(schemas[name], [...stack, name]) as Json), ...siblings };
    }
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, inline(item, stack)]),
    );
  };

  for (const { operation } of operationEntries<{ requestBody?: unknown }>(document)) {
    const content = isObject(operation.requestBody) ? operation.requestBody['content'] : undefined;
    if (!isObject(content)) continue;
    for (const media of Object.values(content)) {
      if (!isObject(media) || media['schema'] === undefined) continue;
      media['schema'] = inline(media['schema'], []);
    }
  }

  // Drop the inlined components nothing refers to any more (one kept may hold the next).
  const candidates = [...inlined].filter((name) => name in schemas && reaches(name, []));
  const used = referencedNames(document.paths, new Set());
  for (const [name, schema] of Object.entries(schemas)) {
    if (!candidates.includes(name)) referencedNames(schema, used);
  }
  const kept = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const name of candidates.filter((each) => used.has(each) && !kept.has(each))) {
      kept.add(name);
      referencedNames(schemas[name], used);
      grew = true;
    }
  }
  for (const name of candidates) if (!used.has(name)) delete schemas[name];
}
