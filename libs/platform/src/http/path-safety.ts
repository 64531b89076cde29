/**
 * What a URL path may not hold, so that every hop after the edge (a URL parser, a proxy, a
 * service that puts a parameter into another URL) reads the same route the edge routed. Paths
 * here are decoded once, as a router decodes them; anything that still decodes, or that a URL
 * parser or a proxy would rewrite, is refused rather than guessed at. No path parameter of the
 * API (ids, tokens, numbers) holds any of it.
 */
export type PathProblem = 'encoding' | 'dot-segment' | 'backslash' | 'encoded-twice';

/** What each problem is, completing "may not hold …" (the encoding one reads on its own). */
export const PATH_PROBLEM_PHRASES: Readonly<Record<PathProblem, string>> = {
  encoding: 'invalid percent-encoding (not UTF-8)',
  'dot-segment': 'a "." or ".." segment, or a segment that begins or ends with ".."',
  backslash: 'a backslash',
  'encoded-twice':
    'a percent-escape once decoded (it was percent-encoded twice: encode each character once)',
};

/**
 * A percent-escape left after one decoding: `%2e`, `%252e` (any depth starts so), `%c0%ae`, and
 * IIS's `%u002e`. Some later decoder would turn it into a `.`, `/` or `\`.
 */
const ESCAPE = /%(?:[0-9a-f]{2}|u[0-9a-f]{4})/i;

function isDotSegment(segment: string): boolean {
  // A segment that begins or ends with ".." is what @fastify/reply-from refuses to forward.
  return segment === '.' || segment.startsWith('..') || segment.endsWith('..');
}

/**
 * Why a path that was decoded once (or a value that becomes one path parameter) is unsafe.
 * Linear in its length.
 */
export function decodedPathProblem(decoded: string): PathProblem | undefined {
  if (decoded.includes('\\')) return 'backslash';
  if (decoded.split('/').some(isDotSegment)) return 'dot-segment';
  if (ESCAPE.test(decoded)) return 'encoded-twice';
  return undefined;
}

/** Why a path as sent (percent-encoded, without its query string) is unsafe. */
export function encodedPathProblem(path: string): PathProblem | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return 'encoding';
  }
  return decodedPathProblem(decoded);
}
