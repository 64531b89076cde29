import { AppError } from '@cw/platform';

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

const NOT_FORWARDED =
  'The gateway cannot forward this URL path unchanged; send it without dot segments or double encoding.';

/**
 * The service URL a request goes to: the service's base and the routed path, checked once more
 * the way the proxy reads it (WHATWG URL parsing), so that a form `urlRefusal` did not foresee
 * is refused with 400 instead of reaching another route. The URL parser may re-encode
 * characters (a space, `{`, non-ASCII) but must not change what the path decodes to.
 */
export function forwardingTarget(base: string, path: string): string {
  const target = `${base}${path}`;
  let parsed: URL;
  try {
    parsed = new URL(target);
  } catch {
    throw AppError.badRequest(NOT_FORWARDED);
  }
  const sent = decoded(path);
  if (
    parsed.origin !== new URL(base).origin ||
    sent === undefined ||
    decoded(parsed.pathname) !== sent
  ) {
    throw AppError.badRequest(NOT_FORWARDED);
  }
  return target;
}

/**
 * What a client gets when the proxy refuses to send its request (thrown before anything was
 * sent, so nothing was written): @fastify/reply-from marks a URL it will not forward with a 4xx
 * `statusCode` on a plain Error, which would otherwise answer 500.
 */
export function forwardingRefusal(error: unknown): AppError | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  return AppError.badRequest(NOT_FORWARDED);
}
