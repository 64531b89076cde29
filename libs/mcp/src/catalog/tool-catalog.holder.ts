import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCatalog, ToolDefinition } from './tool-catalog';

interface BuiltCatalog {
  listed: Tool[];
  byName: Map<string, ToolDefinition>;
}

/**
 * The catalog, built once, and the `tools/list` answer it gives every request. Built on first
 * use when it comes from this process's own description (which exists only once the app is up).
 */
export class ToolCatalogHolder {
  private built?: BuiltCatalog;

  constructor(private readonly source: () => ToolCatalog) {}

  get listed(): Tool[] {
    return this.ensure().listed;
  }

  tool(name: string): ToolDefinition | undefined {
    return this.ensure().byName.get(name);
  }

  ensure(): BuiltCatalog {
    if (!this.built) {
      const catalog = this.source();
      this.built = {
        byName: new Map(catalog.tools.map((tool) => [tool.name, tool])),
        listed: catalog.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          inputSchema: tool.inputSchema as Tool['inputSchema'],
          outputSchema: tool.outputSchema as Tool['outputSchema'],
          annotations: tool.annotations,
        })),
      };
    }
    return this.built;
  }
}
