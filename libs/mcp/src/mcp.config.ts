import { IsOptional, Matches, type ValidationArguments } from 'class-validator';

const HTTP_URL = /^https?:\/\/[^\s/]+(\/\S*)?$/;
const HTTP_URL_RULE = {
  message: ({ property }: ValidationArguments) => `${property} must be an http:// or https:// URL`,
};
const ORIGIN_LIST = /^(\s*https?:\/\/[^\s/,]+\s*)(,\s*https?:\/\/[^\s/,]+\s*)*$/;

/** Settings of the MCP server (README settings table). */
export class McpConfig {
  /**
   * Browser origins allowed to call `/mcp` (comma-separated `scheme://host[:port]`). A request
   * without `Origin` (every non-browser client) is allowed; any other origin is refused (403).
   */
  @IsOptional()
  @Matches(ORIGIN_LIST, {
    message: 'MCP_ALLOWED_ORIGINS must be comma-separated origins such as https://app.example.com',
  })
  MCP_ALLOWED_ORIGINS?: string;

  /** Where the mcp-server process calls the REST routes: the gateway's internal address. */
  @IsOptional()
  @Matches(HTTP_URL, HTTP_URL_RULE)
  MCP_API_URL?: string;
}

export function allowedOriginsOf(config: McpConfig): Set<string> {
  return new Set(
    (config.MCP_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, '').toLowerCase())
      .filter((origin) => origin !== ''),
  );
}
