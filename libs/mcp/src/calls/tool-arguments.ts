import { decodedPathProblem, type PathProblem } from '@cw/platform';
import { objectShape } from '../catalog/json-schema';
import type { ToolDefinition } from '../catalog/tool-catalog';

/** An argument the tool refuses before calling anything (400 VALIDATION_ERROR, `details.field`). */
export class ToolArgumentError extends Error {
  override name = 'ToolArgumentError';

  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID.test(value);
}

/** `_by_id` tools: the legacy numeric id, as a number or a string of digits; never a UUID. */
export function numericPageId(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return String(value);
  if (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value)) return value;
  if (isUuid(value)) {
    throw new ToolArgumentError(
      'page_id',
      'page_id takes the numeric page id (`page_id` of search_wiki results, `page.id` of ' +
        'read_page), not the page UUID.',
    );
  }
  throw new ToolArgumentError('page_id', 'page_id must be a positive integer.');
}

/** Unknown and missing arguments are refused by name, before any route is called. */
export function checkArguments(tool: ToolDefinition, args: Record<string, unknown>): void {
  const { properties, required } = objectShape(tool.inputSchema);
  for (const name of Object.keys(args)) {
    if (!(name in properties)) {
      throw new ToolArgumentError(
        name,
        `${tool.name} has no argument ${name}; it takes ${Object.keys(properties).join(', ')}.`,
      );
    }
  }
  for (const name of required) {
    if (args[name] === undefined || args[name] === null) {
      throw new ToolArgumentError(name, `${tool.name} needs the argument ${name}.`);
    }
  }
}

/** A path parameter's value as text; an object or array is refused. */
export function pathValue(name: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  throw new ToolArgumentError(name, `${name} must be a string or a number.`);
}

function encodes(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

const VALUE_PROBLEMS: Readonly<Record<PathProblem, string>> = {
  encoding: 'a lone UTF-16 surrogate',
  'dot-segment': '"." or "..", or a part that begins or ends with ".."',
  backslash: 'a backslash',
  'encoded-twice': 'a percent-escape such as %2F: pass the value unencoded, the server encodes it',
};

/**
 * A path parameter's value as it goes into the route's URL (encoded once), refused when that
 * URL would lead to another route or be refused on the way: empty, `.` or `..` (which a URL
 * parser removes), a backslash, a value already percent-encoded (`..%2F` would go out as
 * `..%252F`), or a lone surrogate (which cannot be encoded).
 */
export function pathParameterValue(name: string, value: unknown): string {
  const text = pathValue(name, value);
  if (text === '') throw new ToolArgumentError(name, `${name} may not be empty.`);
  const problem = encodes(text) ? decodedPathProblem(text) : 'encoding';
  if (problem) {
    throw new ToolArgumentError(name, `${name} may not hold ${VALUE_PROBLEMS[problem]}.`);
  }
  return text;
}
