/**
 * The tool-schema portability checks of the MCP Inspector's strict mode (`mcp-inspector --cli
 * --method tools/list --strict`), rule for rule as `core/json/schemaLint.ts` of
 * `@modelcontextprotocol/inspector` 2.12 writes them; its CLI bundles them without exporting
 * them, so they are restated here. Both the input and the output schema of a tool are walked.
 */
export interface PortabilityFinding {
  tool: string;
  rule: 'boolean-schema' | 'type-union' | 'remote-ref' | 'untyped-schema';
  severity: 'error' | 'warning';
  /** `inputSchema.properties.limit`, as the Inspector prints it. */
  path: string;
}

type Node = Record<string, unknown>;

const BOOLEAN_VALUED_KEYWORDS = new Set([
  'additionalProperties',
  'unevaluatedProperties',
  'additionalItems',
  'unevaluatedItems',
]);
const SUBSCHEMA_KEYWORDS = [
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
const SUBSCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAP_KEYWORDS = [
  'properties',
  'patternProperties',
  'dependentSchemas',
  'dependencies',
  '$defs',
  'definitions',
];
const CONSTRAINING_KEYWORDS = new Set([
  ...['type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum'],
  ...['exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'format', 'contentMediaType'],
  ...['contentEncoding', 'contentSchema', 'maxItems', 'minItems', 'uniqueItems', 'maxContains'],
  ...['minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired'],
  ...['allOf', 'anyOf', 'oneOf', 'not', 'items', 'prefixItems', 'contains', 'additionalItems'],
  ...['unevaluatedItems', 'properties', 'patternProperties', 'additionalProperties'],
  ...['unevaluatedProperties', 'propertyNames', 'dependentSchemas', 'dependencies', '$ref'],
  ...['$dynamicRef', '$recursiveRef'],
]);
const JSON_SCHEMA_TYPES = new Set([
  ...['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'],
]);
const MAX_DEPTH = 64;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function childPath(parent: string, key: string): string {
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) return parent === '' ? key : `${parent}.${key}`;
  return `${parent}[${JSON.stringify(key)}]`;
}

function forEachSubschema(
  node: Node,
  path: string,
  visit: (child: unknown, path: string, keyword: string) => void,
): void {
  for (const key of SUBSCHEMA_MAP_KEYWORDS) {
    const map = node[key];
    if (!isNode(map)) continue;
    for (const [name, sub] of Object.entries(map))
      visit(sub, childPath(childPath(path, key), name), key);
  }
  for (const key of SUBSCHEMA_ARRAY_KEYWORDS) {
    const list = node[key];
    if (Array.isArray(list))
      list.forEach((sub, index) => visit(sub, `${childPath(path, key)}[${index}]`, key));
  }
  for (const key of SUBSCHEMA_KEYWORDS) {
    if (!(key in node)) continue;
    const value = node[key];
    if (key === 'items' && Array.isArray(value)) {
      value.forEach((sub, index) => visit(sub, `${childPath(path, key)}[${index}]`, key));
    } else {
      visit(value, childPath(path, key), key);
    }
  }
}

function declaresAnyId(node: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || !isNode(node)) return false;
  if (typeof node.$id === 'string' && node.$id !== '') return true;
  let found = false;
  forEachSubschema(node, '', (child) => {
    if (!found) found = declaresAnyId(child, depth + 1);
  });
  return found;
}

function isPortableTypeUnion(type: unknown[]): boolean {
  if (type.length === 0) return false;
  if (!type.every((item) => typeof item === 'string' && JSON_SCHEMA_TYPES.has(item))) return false;
  return new Set(type).size === type.length;
}

function constrainsInstance(node: Node): boolean {
  if (Object.keys(node).some((key) => CONSTRAINING_KEYWORDS.has(key))) return true;
  return 'if' in node && ('then' in node || 'else' in node);
}

function lintSchema(tool: string, kind: string, schema: unknown): PortabilityFinding[] {
  const findings: PortabilityFinding[] = [];
  const hasEmbeddedIds = declaresAnyId(schema);
  const add = (rule: PortabilityFinding['rule'], severity: 'error' | 'warning', path: string) =>
    findings.push({ tool, rule, severity, path: path === '' ? kind : `${kind}.${path}` });
  const walk = (node: unknown, path: string, keyword: string | undefined, depth: number) => {
    if (depth > MAX_DEPTH) return;
    if (typeof node === 'boolean') {
      if (keyword === undefined || !BOOLEAN_VALUED_KEYWORDS.has(keyword))
        add('boolean-schema', 'error', path);
      return;
    }
    if (!isNode(node)) return;
    if (Array.isArray(node.type) && isPortableTypeUnion(node.type as unknown[]))
      add('type-union', 'warning', path);
    const ref = node.$ref;
    if (typeof ref === 'string' && ref !== '' && !ref.startsWith('#') && !hasEmbeddedIds)
      add('remote-ref', 'warning', path);
    if (!constrainsInstance(node) && keyword !== 'not') add('untyped-schema', 'warning', path);
    forEachSubschema(node, path, (child, childPathValue, childKeyword) =>
      walk(child, childPathValue, childKeyword, depth + 1),
    );
  };
  walk(schema, '', undefined, 0);
  return findings;
}

/** Every finding the Inspector's strict mode prints for these tools (none: all portable). */
export function schemaPortabilityFindings(
  tools: { name: string; inputSchema?: unknown; outputSchema?: unknown }[],
): PortabilityFinding[] {
  return tools.flatMap((tool) => [
    ...(tool.inputSchema === undefined
      ? []
      : lintSchema(tool.name, 'inputSchema', tool.inputSchema)),
    ...(tool.outputSchema === undefined
      ? []
      : lintSchema(tool.name, 'outputSchema', tool.outputSchema)),
  ]);
}
