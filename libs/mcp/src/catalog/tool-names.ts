/** The spec's MCP tools, by their exact names (api-spec.md; issue 13). */
export const MCP_TOOL_NAMES = [
  'search_wiki',
  'read_page',
  'edit_page_by_id',
  'save_page_by_id',
  'append_to_page_by_id',
  'save_page',
  'append_to_page',
  'delete_page',
  'bootstrap_memory',
  'list_workflow_capabilities',
  'create_workflow',
  'get_workflow_authoring_operation',
  'run_workflow',
  'get_workflow_run',
  'list_report_hook_deliveries',
  'get_report_hook_delivery',
  'replay_report_hook_delivery',
  'rotate_report_hook_signing_key',
  'discover_operations',
  'run_code',
] as const;

export type McpToolName = (typeof MCP_TOOL_NAMES)[number];

export function isMcpToolName(name: string): name is McpToolName {
  return (MCP_TOOL_NAMES as readonly string[]).includes(name);
}
