/**
 * Where the MCP server calls the REST routes, as the caller: the gateway's internal address
 * (`MCP_API_URL`) for the mcp-server process, or the process itself where every route is served
 * in the same process (the one-process composition, tests).
 */
export abstract class RestTarget {
  abstract baseUrl(): string;
}
