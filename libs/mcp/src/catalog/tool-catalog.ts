import type { OpenAPIObject } from '@nestjs/swagger';
import { asSchema, type JsonSchema, objectShape } from './json-schema';
import { portableSchema } from './portable-schema';
import { annotationsOf, type ToolAnnotations } from './tool-annotations';
import { isMcpToolName, MCP_TOOL_NAMES, type McpToolName } from './tool-names';
import { describedRoutes, type RouteParameter, type ToolRoute } from './tool-route';
import {
  MAX_WAIT_SECONDS,
  NUMERIC_PAGE_ID_SCHEMA,
  TOOL_SHAPES,
  type ToolShape,
} from './tool-shapes';

/** One MCP tool: what `tools/list` shows and the routes `tools/call` calls. */
export interface ToolDefinition {
  name: McpToolName;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
  shape: ToolShape;
  /** The route the tool calls (`run_code`: the cell route). */
  route: ToolRoute;
  /** `run_code`: the session route. `run_workflow`: the run view and the workflow list. */
  helpers: Partial<Record<'session' | 'runView' | 'workflowList', ToolRoute>>;
}

export interface ToolCatalog {
  tools: ToolDefinition[];
  /** Tools of the spec no described route names yet. */
  missing: McpToolName[];
}

interface InputShape {
  properties: Record<string, JsonSchema>;
  required: string[];
}

const WORKFLOW_LIST_OPERATION = 'listWorkflows';
const CODE_SESSION_OPERATION = 'createCodeSession';

function toolArgument(shape: ToolShape, parameter: string): string {
  const renamed = Object.entries(shape.renames ?? {}).find(([, route]) => route === parameter);
  return renamed ? renamed[0] : parameter;
}

function addParameters(input: InputShape, shape: ToolShape, parameters: RouteParameter[]): void {
  for (const parameter of parameters) {
    const name = toolArgument(shape, parameter.name);
    input.properties[name] = parameter.schema;
    if (parameter.required) input.required.push(name);
  }
}

/** Path parameters, query parameters and body properties of one route, as one flat object. */
function routeInput(route: ToolRoute, shape: ToolShape): InputShape {
  const input: InputShape = { properties: {}, required: [] };
  addParameters(input, shape, route.pathParameters);
  addParameters(input, shape, route.queryParameters);
  for (const [name, schema] of Object.entries(route.body?.properties ?? {})) {
    input.properties[toolArgument(shape, name)] = schema;
  }
  for (const name of route.body?.required ?? []) input.required.push(toolArgument(shape, name));
  return input;
}

function shapedInput(input: InputShape, shape: ToolShape): InputShape {
  if (shape.numericPageId && input.properties.page_id) {
    input.properties.page_id = NUMERIC_PAGE_ID_SCHEMA;
  }
  for (const [name, value] of Object.entries(shape.defaults ?? {})) {
    if (input.properties[name])
      input.properties[name] = { ...input.properties[name], default: value };
  }
  for (const name of shape.requires ?? []) {
    if (input.properties[name] && !input.required.includes(name)) input.required.push(name);
  }
  return input;
}

function objectSchema(input: InputShape): JsonSchema {
  return {
    type: 'object',
    properties: input.properties,
    ...(input.required.length > 0 ? { required: [...new Set(input.required)] } : {}),
    additionalProperties: false,
  };
}

/** `read_page`: `page` without its body, and the body beside it as `markdown`. */
function pageWithMarkdownOutput(output: JsonSchema): JsonSchema {
  const { properties, required } = objectShape(output);
  const page = asSchema(properties.page);
  const pageShape = objectShape(page);
  delete pageShape.properties.content_md;
  return {
    ...output,
    properties: {
      ...properties,
      page: {
        ...page,
        properties: pageShape.properties,
        required: pageShape.required.filter((name) => name !== 'content_md'),
      },
      markdown: {
        type: ['string', 'null'],
        description: 'The page body; null when access is null.',
      },
    },
    required: [...required, 'markdown'],
  };
}

function withProperties(
  output: JsonSchema,
  extra: Record<string, JsonSchema>,
  required: string[],
): JsonSchema {
  const shape = objectShape(output);
  return {
    ...output,
    type: 'object',
    properties: { ...shape.properties, ...extra },
    required: [...shape.required, ...required],
  };
}

function describe(route: ToolRoute, shape: ToolShape): string {
  return [route.summary, route.description, shape.note].filter(Boolean).join(' ');
}

function routeTool(name: McpToolName, shape: ToolShape, route: ToolRoute): ToolDefinition {
  return {
    name,
    description: describe(route, shape),
    inputSchema: objectSchema(shapedInput(routeInput(route, shape), shape)),
    outputSchema: shape.pageWithMarkdown ? pageWithMarkdownOutput(route.output) : route.output,
    annotations: { ...annotationsOf(route.method), ...shape.annotations },
    shape,
    route,
    helpers: {},
  };
}

function runCodeTool(shape: ToolShape, routes: ToolRoute[]): ToolDefinition | undefined {
  const session = routes.find((route) => route.operationId === CODE_SESSION_OPERATION);
  const cell = routes.find((route) => route !== session);
  if (!session || !cell) return undefined;
  const input = routeInput(cell, shape);
  input.required = input.required.filter((name) => name !== 'session_id');
  Object.assign(input.properties, session.body?.properties ?? {});
  return {
    name: 'run_code',
    description: [cell.summary, shape.note].filter(Boolean).join(' '),
    inputSchema: objectSchema(input),
    outputSchema: withProperties(
      cell.output,
      { session_id: { type: 'string', description: 'The session the cell ran in.' } },
      ['session_id'],
    ),
    annotations: { ...annotationsOf(cell.method), ...shape.annotations },
    shape,
    route: cell,
    helpers: { session },
  };
}

function runWorkflowTool(
  shape: ToolShape,
  route: ToolRoute,
  all: ToolRoute[],
): ToolDefinition | undefined {
  const runView = all.find((candidate) => candidate.mcpTools.includes('get_workflow_run'));
  const workflowList = all.find((candidate) => candidate.operationId === WORKFLOW_LIST_OPERATION);
  if (!runView || !workflowList) return undefined;
  const input: InputShape = {
    properties: {
      workflow: {
        type: ['string', 'integer'],
        description: 'The workflow id (UUID), its display number, or its exact name.',
      },
    },
    required: ['workflow'],
  };
  Object.assign(input.properties, route.body?.properties ?? {});
  input.properties.wait_seconds = {
    type: 'number',
    minimum: 0,
    maximum: MAX_WAIT_SECONDS,
    default: 0,
    description: 'Wait up to this long for the run to reach a terminal status.',
  };
  return {
    name: 'run_workflow',
    description: describe(route, shape),
    inputSchema: objectSchema(input),
    outputSchema: withProperties(
      route.output,
      { run: { ...runView.output, description: 'The run view, when `wait_seconds` was given.' } },
      [],
    ),
    annotations: { ...annotationsOf(route.method), ...shape.annotations },
    shape,
    route,
    helpers: { runView, workflowList },
  };
}

/** What `tools/list` shows, in the spelling strict clients accept (`portable-schema.ts`). */
function portableTool(tool: ToolDefinition): ToolDefinition {
  return {
    ...tool,
    inputSchema: portableSchema(tool.inputSchema),
    outputSchema: portableSchema(tool.outputSchema),
  };
}

/**
 * The tools, from the described routes whose `x-service.mcp_tools` names them (one
 * implementation: the route policy is the only list). A name outside the spec's is a typo in a
 * policy and fails the build of the catalog.
 */
export function buildToolCatalog(description: OpenAPIObject): ToolCatalog {
  const all = describedRoutes(description);
  const byTool = new Map<McpToolName, ToolRoute[]>();
  for (const route of all) {
    for (const tool of route.mcpTools) {
      if (!isMcpToolName(tool)) {
        throw new Error(`${route.operationId} names an MCP tool the spec does not have: ${tool}`);
      }
      byTool.set(tool, [...(byTool.get(tool) ?? []), route]);
    }
  }
  const tools: ToolDefinition[] = [];
  const missing: McpToolName[] = [];
  for (const name of MCP_TOOL_NAMES) {
    const routes = byTool.get(name) ?? [];
    const shape = TOOL_SHAPES[name];
    if (routes.length > 1 && shape.kind !== 'run_code') {
      throw new Error(`the MCP tool ${name} is named by several routes: one route per tool`);
    }
    let tool: ToolDefinition | undefined;
    if (shape.kind === 'run_code') tool = runCodeTool(shape, routes);
    else if (routes.length === 1 && shape.kind === 'run_workflow')
      tool = runWorkflowTool(shape, routes[0], all);
    else if (routes.length === 1) tool = routeTool(name, shape, routes[0]);
    if (tool) tools.push(portableTool(tool));
    else missing.push(name);
  }
  return { tools, missing };
}
