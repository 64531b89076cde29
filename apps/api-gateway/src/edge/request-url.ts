import { AppError, encodedPathProblem, PATH_PROBLEM_PHRASES } from '@cw/platform';

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * The request target as a path and query (origin form). Node and Fastify accept the absolute
 * form too (`GET http://host/a?b`, RFC 9112 3.2.2) and route it by its path, which is then what
 * the gateway forwards. Undefined for any other form.
 */
export function originForm(url: string): string | undefined {
  if (url.startsWith('/')) return url;
  const authority = ABSOLUTE_FORM.exec(url);
  if (!authority) return undefined;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The path of a request target (origin form), without its query string. */
export function pathOf(target: string): string {
  const queryAt = target.indexOf('?');
  return queryAt === -1 ? target : target.slice(0, queryAt);
}

/**
 * Refuses a URL the gateway must not forward: a malformed percent-escape (`?a=%ff`), or a path
 * that a URL parser, the proxy or a later hop would rewrite or decode into another route (see
 * `encodedPathProblem`: dot segments however written, backslashes, percent-encoding twice), so
 * that the service receives exactly the path the gateway routed.
 */
export function urlRefusal(url: string): AppError | undefined {
  const target = originForm(url);
  if (target === undefined) {
    return AppError.badRequest('The request target must be a path such as /api/wiki/pages.');
  }
  const path = pathOf(target);
  const problem = encodedPathProblem(path);
  if (problem === 'encoding') {
    return AppError.badRequest('The URL path is not valid percent-encoded UTF-8.');
  }
  if (!decodes(target.slice(path.length + 1))) {
    return AppError.badRequest(
      'The query string is not valid percent-encoded UTF-8: write a literal % as %25.',
    );
  }
  if (problem)
    return AppError.badRequest(`The URL path may not hold ${PATH_PROBLEM_PHRASES[problem]}.`);
  return undefined;
}
