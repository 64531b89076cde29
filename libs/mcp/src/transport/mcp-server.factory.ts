import { Injectable } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { ToolCatalogHolder } from '../catalog/tool-catalog.holder';
import type { Caller } from '../calls/rest-client';
import { ToolRunner } from '../calls/tool-runner';

const SERVER_INFO = { name: 'company-wiki', version: '0.2.0' };
const INSTRUCTIONS =
  'Company wiki, workflows, runs and report hooks. Every tool acts as the person whose token ' +
  'you connected with and calls the REST route of the same name in the OpenAPI description ' +
  '(`x-service.mcp_tools`). `discover_operations` says which operations your token may call.';

/** A fresh protocol server per HTTP request (stateless: any replica answers any request). */
@Injectable()
export class McpServerFactory {
  /** One validator for every request's server: the SDK's default builds a new Ajv each time. */
  private readonly jsonSchemaValidator = new AjvJsonSchemaValidator();

  constructor(
    private readonly catalog: ToolCatalogHolder,
    private readonly runner: ToolRunner,
  ) {}

  create(caller: Caller): Server {
    const server = new Server(SERVER_INFO, {
      capabilities: { tools: { listChanged: false } },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: this.jsonSchemaValidator,
    });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.catalog.listed }));
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      const tool = this.catalog.tool(request.params.name);
      if (!tool) {
        throw new McpError(ErrorCode.InvalidParams, `There is no tool ${request.params.name}.`);
      }
      return this.runner.run(tool, request.params.arguments ?? {}, caller);
    });
    return server;
  }
}
