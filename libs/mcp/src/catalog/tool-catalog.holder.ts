import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCatalog, ToolDefinition } from './tool-catalog';

/** The catalog built once at start, and the `tools/list` answer it gives every request. */
export class ToolCatalogHolder {
  readonly listed: Tool[];
  private readonly byName: Map<string, ToolDefinition>;

  constructor(readonly catalog: ToolCatalog) {
    this.byName = new Map(catalog.tools.map((tool) => [tool.name, tool]));
    this.listed = catalog.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema as Tool['inputSchema'],
      outputSchema: tool.outputSchema as Tool['outputSchema'],
      annotations: tool.annotations,
    }));
  }

  tool(name: string): ToolDefinition | undefined {
    return this.byName.get(name);
  }
}
