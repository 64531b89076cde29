import type { OpenAPIObject } from '@nestjs/swagger';
import { operationEntries, type OperationMethod } from '@cw/platform';
import {
  asObjectSchema,
  asSchema,
  inlineReferences,
  type JsonSchema,
  objectShape,
} from './json-schema';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One described REST operation, as a tool calls it. */
export interface ToolRoute {
  operationId: string;
  method: RouteMethod;
  /** OpenAPI path template: `/api/wiki/pages/{page_id}`. */
  path: string;
  summary: string;
  description: string;
  pathParameters: RouteParameter[];
  queryParameters: RouteParameter[];
  /** The JSON body's properties; null when the route takes no body. */
  body: { properties: Record<string, JsonSchema>; required: string[] } | null;
  /** The success answer as an object schema (`wrapsResult`: a non-object answer sits in `result`). */
  output: JsonSchema;
  wrapsResult: boolean;
  mcpTools: string[];
}

interface DescribedParameter {
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
}

interface DescribedOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: DescribedParameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  'x-service'?: { mcp_tools?: string[] };
}

const METHODS: Partial<Record<OperationMethod, RouteMethod>> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
};

function parametersOf(
  operation: DescribedOperation,
  location: 'path' | 'query',
  components: Record<string, unknown>,
): RouteParameter[] {
  return (operation.parameters ?? [])
    .filter((parameter) => parameter.in === location && parameter.name)
    .map((parameter) => {
      const schema = asSchema(inlineReferences(parameter.schema ?? {}, components));
      return {
        name: parameter.name!,
        required: location === 'path' || parameter.required === true,
        schema: parameter.description ? { ...schema, description: parameter.description } : schema,
      };
    });
}

function successSchemas(
  operation: DescribedOperation,
  components: Record<string, unknown>,
): JsonSchema[] {
  const schemas: JsonSchema[] = [];
  const seen = new Set<string>();
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!/^2\d\d$/.test(status)) continue;
    const schema = response.content?.['application/json']?.schema;
    if (schema === undefined) continue;
    const key = JSON.stringify(schema);
    if (seen.has(key)) continue;
    seen.add(key);
    schemas.push(asSchema(inlineReferences(schema, components)));
  }
  return schemas;
}

function outputOf(schemas: JsonSchema[]): { output: JsonSchema; wrapsResult: boolean } {
  if (schemas.length === 0) return { output: { type: 'object' }, wrapsResult: false };
  if (schemas.length > 1 && schemas.every((schema) => schema.type === 'object')) {
    return { output: { type: 'object', anyOf: schemas }, wrapsResult: false };
  }
  const single = schemas.length === 1 ? schemas[0] : { anyOf: schemas };
  const output = asObjectSchema(single);
  return { output, wrapsResult: output !== single && Object.keys(single).length > 0 };
}

/** Every JSON operation of the description, with what a tool needs to call it. */
export function describedRoutes(description: OpenAPIObject): ToolRoute[] {
  const components = (description.components?.schemas ?? {}) as Record<string, unknown>;
  const routes: ToolRoute[] = [];
  for (const { path, method: key, operation } of operationEntries<DescribedOperation>(
    description,
  )) {
    const method = METHODS[key];
    if (!method) continue;
    const mcpTools = operation['x-service']?.mcp_tools ?? [];
    const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
    routes.push({
      operationId: operation.operationId ?? `${key} ${path}`,
      method,
      path,
      summary: operation.summary ?? '',
      description: operation.description ?? '',
      pathParameters: parametersOf(operation, 'path', components),
      queryParameters: parametersOf(operation, 'query', components),
      body:
        bodySchema === undefined
          ? null
          : objectShape(asSchema(inlineReferences(bodySchema, components))),
      ...outputOf(successSchemas(operation, components)),
      mcpTools,
    });
  }
  return routes;
}
