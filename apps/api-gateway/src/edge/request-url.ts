import { AppError } from '@cw/platform';

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Refuses a URL the gateway must not forward: a malformed percent-escape (`?a=%ff`), or a path
 * that a URL parser would rewrite on the way (a `.` or `..` segment, also written `%2e%2e` or
 * joined by `%2F`, or a backslash), so that the service receives exactly the path the gateway
 * routed. Paths the router could not decode at all were refused before (FST_ERR_BAD_URL).
 */
export function urlRefusal(url: string): AppError | undefined {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const decodedPath = decoded(path);
  if (decodedPath === undefined) {
    return AppError.badRequest('The URL path is not valid percent-encoded UTF-8.');
  }
  if (decoded(query) === undefined) {
    return AppError.badRequest(
      'The query string is not valid percent-encoded UTF-8: write a literal % as %25.',
    );
  }
  const segments = decodedPath.split(/[/\\]/);
  if (decodedPath.includes('\\') || segments.some((part) => part === '.' || part === '..')) {
    return AppError.badRequest('The URL path may not hold "." or ".." segments or backslashes.');
  }
  return undefined;
}
