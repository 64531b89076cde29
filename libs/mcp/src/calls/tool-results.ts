import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolRoute } from '../catalog/tool-route';
import type { RestAnswer } from './rest-client';

/** The text block of a result stops here (about 50 KB); `structuredContent` keeps the whole. */
export const RESULT_TEXT_LIMIT = 50_000;

interface Envelope {
  error?: { code?: string; message?: string; details?: Record<string, unknown> };
}

function pagingHint(route: ToolRoute): string {
  const query = new Set(route.queryParameters.map((parameter) => parameter.name));
  if (query.has('cursor')) return 'Call again with the returned cursor for the next part.';
  if (query.has('offset') && query.has('limit')) {
    return 'Ask for less with `limit` and page on with `offset` (or the returned `next_offset`).';
  }
  if (query.has('limit')) return 'Ask for less with `limit`.';
  return 'Narrow the request to get a shorter answer.';
}

export function successResult(value: Record<string, unknown>, route: ToolRoute): CallToolResult {
  const whole = JSON.stringify(value);
  const text =
    whole.length <= RESULT_TEXT_LIMIT
      ? whole
      : `${whole.slice(0, RESULT_TEXT_LIMIT)}\n[cut: the answer has ${whole.length} characters; ` +
        `structuredContent holds all of it. ${pagingHint(route)}]`;
  return { content: [{ type: 'text', text }], structuredContent: value };
}

/** What an agent can do about a refusal, by its status (and the scope it lacks). */
export function nextAction(
  status: number,
  details: Record<string, unknown> | undefined,
  retryAfter?: string,
): string {
  if (status === 401) return 'Reconnect with a valid API key or access token.';
  if (status === 403) {
    const { scope, request_scope: requestScope } = details ?? {};
    if (typeof scope !== 'string') {
      return 'This needs a right the token or its person does not have; ask an admin.';
    }
    // MCP step-up: what an OAuth client asks for when it sends the person to authorize again.
    const stepUp =
      typeof requestScope === 'string'
        ? ` An OAuth client authorizes again asking for scope "${requestScope}" (the scopes it holds and the one this tool needs); an API key is replaced by one with that scope.`
        : '';
    return `Use a token that has one of the scopes: ${scope}.${stepUp}`;
  }
  if (status === 404) return 'Check the id: it does not exist or you may not see it.';
  if (status === 409) return 'Read the current state, then retry with values that match it.';
  if (status === 410) return 'It was removed for good; start over.';
  if (status === 429) return `Wait ${retryAfter ?? 'a little'} seconds, then retry.`;
  if (status >= 500) return 'Retry later; the service is busy or failing.';
  const field = details?.field;
  return typeof field === 'string'
    ? `Fix the argument \`${field}\` and call again.`
    : 'Fix the arguments and call again.';
}

export function errorResult(
  status: number,
  code: string,
  message: string,
  details?: Record<string, unknown>,
  retryAfter?: string,
): CallToolResult {
  const error = {
    status,
    code,
    message,
    ...(details ? { details } : {}),
    next_action: nextAction(status, details, retryAfter),
  };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error }) }] };
}

/** A REST refusal as the tool's error: the envelope's code and message, and what to do next. */
export function refusalResult(answer: RestAnswer): CallToolResult {
  const envelope = (
    typeof answer.body === 'object' && answer.body !== null ? answer.body : {}
  ) as Envelope;
  return errorResult(
    answer.status,
    envelope.error?.code ?? 'UPSTREAM_ERROR',
    envelope.error?.message ?? `The API answered ${answer.status}.`,
    envelope.error?.details,
    answer.retryAfter,
  );
}
