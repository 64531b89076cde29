import type { JsonSchema } from './json-schema';
import type { ToolAnnotations } from './tool-annotations';
import type { McpToolName } from './tool-names';

/**
 * How a tool differs from the plain call of its route (the spec's tool rules). Everything not
 * said here comes from the route's description: inputs, output, method-derived annotations.
 */
export interface ToolShape {
  /** Composite tools: how their routes are told apart, by operation id. */
  kind: 'route' | 'run_code' | 'run_workflow';
  /** Added to the route's description. */
  note?: string;
  /** `_by_id` tools: `page_id` is the numeric legacy id only. */
  numericPageId?: boolean;
  /** Tool argument name → the route's parameter name. */
  renames?: Record<string, string>;
  /** Defaults the tool applies before calling (REST's own defaults differ). */
  defaults?: Record<string, unknown>;
  /** Arguments the tool requires although the route does not. */
  requires?: string[];
  annotations?: Partial<ToolAnnotations>;
  /** `read_page`: the page's metadata and its Markdown side by side. */
  pageWithMarkdown?: boolean;
}

const NUMERIC_PAGE_ID =
  'Takes the numeric `page_id` only (as `search_wiki` returns it); a page UUID is refused.';

export const TOOL_SHAPES: Record<McpToolName, ToolShape> = {
  search_wiki: { kind: 'route' },
  read_page: {
    kind: 'route',
    pageWithMarkdown: true,
    note: 'Returns `page` (metadata), `title`, `access` and the body as `markdown` (null when access is null).',
  },
  edit_page_by_id: {
    kind: 'route',
    numericPageId: true,
    note: NUMERIC_PAGE_ID,
    // A retry with the same mutation_id answers the recorded outcome.
    annotations: { idempotentHint: true },
  },
  save_page_by_id: { kind: 'route', numericPageId: true, note: NUMERIC_PAGE_ID },
  append_to_page_by_id: {
    kind: 'route',
    numericPageId: true,
    note: NUMERIC_PAGE_ID,
    annotations: { idempotentHint: true },
  },
  save_page: {
    kind: 'route',
    note: 'Legacy: saves by title (and path) and carries no mutation identity.',
    annotations: { destructiveHint: true },
  },
  append_to_page: {
    kind: 'route',
    note: 'Legacy: appends by path and title and carries no mutation identity.',
  },
  delete_page: { kind: 'route', note: 'The page goes to the restorable Trash.' },
  bootstrap_memory: { kind: 'route' },
  list_workflow_capabilities: { kind: 'route' },
  create_workflow: {
    kind: 'route',
    note:
      'MCP creates the workflow active unless `start_as` says draft; `visibility` and the ' +
      'delivery destination `output` are required.',
    defaults: { start_as: 'active' },
    requires: ['visibility', 'output'],
  },
  get_workflow_authoring_operation: { kind: 'route' },
  run_workflow: {
    kind: 'run_workflow',
    note:
      '`workflow` is the workflow id, its display number or its exact name. A draft or active ' +
      'workflow runs. With `wait_seconds`, waits up to that long for a terminal status and ' +
      'returns the run view as `run`.',
    annotations: { openWorldHint: true },
  },
  get_workflow_run: { kind: 'route' },
  list_report_hook_deliveries: { kind: 'route' },
  get_report_hook_delivery: { kind: 'route' },
  replay_report_hook_delivery: { kind: 'route', annotations: { openWorldHint: true } },
  rotate_report_hook_signing_key: {
    kind: 'route',
    note: 'The old signing key stops at once; the new secret is shown once.',
    annotations: { destructiveHint: true },
  },
  discover_operations: {
    kind: 'route',
    renames: { query: 'q' },
    note: 'The argument `query` is the route parameter `q`.',
  },
  run_code: {
    kind: 'run_code',
    note:
      'Runs `code` in your code session `session_id`; without one, a new session is created ' +
      'first. Pass the returned `session_id` again to keep the globals of earlier cells.',
  },
};

export const NUMERIC_PAGE_ID_SCHEMA: JsonSchema = {
  type: 'integer',
  minimum: 1,
  description: 'The numeric page id (`page_id` of search results), not the page UUID.',
};

/** The longest `run_workflow` wait: the answer must come back within common client timeouts. */
export const MAX_WAIT_SECONDS = 60;
