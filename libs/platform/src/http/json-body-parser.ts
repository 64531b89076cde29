import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BODY_FIELD, validationError } from '../validation/validation-errors';

/**
 * The deepest nesting of arrays and objects a JSON body may have, far beyond any request schema:
 * validating a body thousands of levels deep overflows the stack.
 */
export const MAX_JSON_DEPTH = 64;

const OPENERS = new Set(['[', '{']);
const CLOSERS = new Set([']', '}']);

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, by one pass over the text
 * before it is parsed (brackets inside strings do not count). Text that is not JSON may pass:
 * the parser refuses it afterwards.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (OPENERS.has(char)) {
      depth++;
      if (depth > limit) return true;
    } else if (CLOSERS.has(char)) {
      depth--;
    }
  }
  return false;
}

/** Why `JSON.parse` refused the text, for the client; the secure parser's own error says nothing. */
function jsonSyntaxProblem(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return `the body is not valid JSON (${(error as Error).message})`;
  }
  return 'the body is refused JSON: it sets __proto__ or constructor.prototype';
}

type Done = (error: Error | null, body?: unknown) => void;

/**
 * Replaces the app's `application/json` parser with Fastify's own secure one behind a depth
 * check, and names the problem of a body it refuses in the envelope's validation details.
 */
export function installJsonBodyParser(fastify: FastifyInstance): void {
  const parseSecurely = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, text: string, done: Done) => {
      if (text.length === 0) {
        done(
          validationError([
            {
              field: BODY_FIELD,
              message: 'the body is empty but Content-Type says JSON: send a JSON value',
            },
          ]),
        );
        return;
      }
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        done(
          validationError([
            {
              field: BODY_FIELD,
              message: `the JSON body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`,
            },
          ]),
        );
        return;
      }
      void parseSecurely(request, text, (error, body) => {
        if (!error) done(null, body);
        else done(validationError([{ field: BODY_FIELD, message: jsonSyntaxProblem(text) }]));
      });
    },
  );
}
