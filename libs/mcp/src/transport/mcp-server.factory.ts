import { Injectable } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { ToolCatalogHolder } from '../catalog/tool-catalog.holder';
import type { Caller } from '../calls/rest-client';
import { RunProgress } from '../calls/run-progress';
import { ToolRunner } from '../calls/tool-runner';
import { Completions } from '../resources/completions';
import { PAGE_TEMPLATES, PageResources } from '../resources/page-resources';
import { resourceError, RpcError } from '../resources/resource-errors';
import { RUN_WORKFLOW_PROMPT, runWorkflowPrompt } from '../resources/run-workflow-prompt';

const SERVER_INFO = { name: 'company-wiki', version: '0.3.0' };
const INSTRUCTIONS =
  'Company wiki, workflows, runs and report hooks. Every tool acts as the person whose token ' +
  'you connected with and calls the REST route of the same name in the OpenAPI description ' +
  '(`x-service.mcp_tools`). `discover_operations` says which operations your token may call. ' +
  'Wiki pages you can read are also resources (cw://wiki/pages/{id}, cw://wiki/paths/{+path}).';

/** Runs a resource or completion handler, its failures as the JSON-RPC errors clients get. */
async function asResourceCall<T>(work: () => Promise<T>, uri?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw resourceError(error, uri);
  }
}

/** A fresh protocol server per HTTP request (stateless: any replica answers any request). */
@Injectable()
export class McpServerFactory {
  /** One validator for every request's server: the SDK's default builds a new Ajv each time. */
  private readonly jsonSchemaValidator = new AjvJsonSchemaValidator();

  constructor(
    private readonly catalog: ToolCatalogHolder,
    private readonly runner: ToolRunner,
    private readonly pages: PageResources,
    private readonly completions: Completions,
  ) {}

  create(caller: Caller): Server {
    const server = new Server(SERVER_INFO, {
      capabilities: {
        tools: { listChanged: false },
        resources: { subscribe: false, listChanged: false },
        prompts: { listChanged: false },
        completions: {},
      },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: this.jsonSchemaValidator,
    });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.catalog.listed }));
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
      const tool = this.catalog.tool(request.params.name);
      if (!tool) {
        throw new McpError(ErrorCode.InvalidParams, `There is no tool ${request.params.name}.`);
      }
      const progress = RunProgress.of(request.params._meta, extra.sendNotification);
      return this.runner.run(tool, request.params.arguments ?? {}, caller, progress);
    });
    server.setRequestHandler(ListResourcesRequestSchema, (request) =>
      asResourceCall(() => this.pages.list(request.params?.cursor, caller)),
    );
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
      resourceTemplates: PAGE_TEMPLATES,
    }));
    server.setRequestHandler(ReadResourceRequestSchema, (request) =>
      asResourceCall(() => this.pages.read(request.params.uri, caller), request.params.uri),
    );
    server.setRequestHandler(CompleteRequestSchema, (request) =>
      asResourceCall(() => this.completions.complete(request.params, caller)),
    );
    server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [RUN_WORKFLOW_PROMPT] }));
    server.setRequestHandler(GetPromptRequestSchema, (request) => {
      if (request.params.name !== RUN_WORKFLOW_PROMPT.name) {
        throw new RpcError(ErrorCode.InvalidParams, `There is no prompt ${request.params.name}.`);
      }
      return runWorkflowPrompt(request.params.arguments);
    });
    return server;
  }
}
