import { operationEntries, type OperationMethod } from '@cw/platform';

/** The part of a JSON schema the fuzz walk reads. */
export interface FuzzSchema {
  type?: string;
  format?: string;
  properties?: Record<string, FuzzSchema>;
  required?: string[];
  items?: FuzzSchema;
  enum?: unknown[];
  example?: unknown;
  minLength?: number;
  minimum?: number;
  minItems?: number;
}

/** One operation of an OpenAPI description, as the walk sends it. */
export interface FuzzOperation {
  /** `POST /api/wiki/pages/{page_id}/edits` */
  id: string;
  method: string;
  /** The path template, `{name}` for each path parameter. */
  path: string;
  pathParameters: string[];
  queryParameters: string[];
  body?: { contentType: string; schema?: FuzzSchema };
  /** `x-error-format`: refusals answered outside the envelope (`oauth`, `html_page`). */
  errorFormat?: ErrorFormat;
}

export type ErrorFormat = 'oauth' | 'html_page';

interface RawSchema extends Omit<FuzzSchema, 'properties' | 'items'> {
  $ref?: string;
  allOf?: RawSchema[];
  properties?: Record<string, RawSchema>;
  items?: RawSchema;
}

interface RawOperation {
  parameters?: { name: string; in: string }[];
  'x-error-format'?: ErrorFormat;
  requestBody?: { content?: Record<string, { schema?: RawSchema }> };
}

export interface OpenApiLike {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, RawSchema> };
}

const FUZZED_METHODS: readonly OperationMethod[] = ['get', 'put', 'post', 'delete', 'patch'];
/** Deeper than any request schema; stops a recursive reference. */
const MAX_SCHEMA_DEPTH = 8;

function resolve(
  schema: RawSchema | undefined,
  document: OpenApiLike,
  depth = 0,
): FuzzSchema | undefined {
  if (!schema || depth > MAX_SCHEMA_DEPTH) return undefined;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolve(document.components?.schemas?.[name], document, depth + 1);
  }
  const parts = (schema.allOf ?? []).map((part) => resolve(part, document, depth + 1) ?? {});
  const own: FuzzSchema = {
    ...schema,
    properties: schema.properties
      ? Object.fromEntries(
          Object.entries(schema.properties).map(([name, property]) => [
            name,
            resolve(property, document, depth + 1) ?? {},
          ]),
        )
      : undefined,
    items: resolve(schema.items, document, depth + 1),
  };
  return parts.reduce<FuzzSchema>(
    (merged, part) => ({
      ...part,
      ...merged,
      properties: { ...part.properties, ...merged.properties },
      required: [...(part.required ?? []), ...(merged.required ?? [])],
    }),
    own,
  );
}

/** Every operation of the description, in its order. */
export function operationsOf(document: OpenApiLike): FuzzOperation[] {
  return operationEntries<RawOperation>(document)
    .filter(({ method }) => FUZZED_METHODS.includes(method))
    .map(({ path, method, operation }) => {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      return {
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParameters: parameters.filter((each) => each.in === 'path').map((each) => each.name),
        queryParameters: parameters.filter((each) => each.in === 'query').map((each) => each.name),
        body: contentType
          ? { contentType, schema: resolve(content[contentType].schema, document) }
          : undefined,
        errorFormat: operation['x-error-format'],
      };
    });
}
