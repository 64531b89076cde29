import type { FastifyRequest } from 'fastify';

/** Refusals outside the envelope: OAuth endpoints (RFC 6749 5.2) and pages for a browser. */
export type ErrorFormat = 'oauth' | 'html_page';

/** Route config key (set by `RoutePolicy`) naming the route's error format. */
export const ERROR_FORMAT_CONFIG = 'errorFormat';

/** The refusals a browser page answers as a page; its crashes and outages stay in the envelope. */
export const HTML_PAGE_REFUSAL_STATUSES: readonly number[] = [400, 401, 403];

/** Whether an error answer of this status takes the route's format: every one of an OAuth endpoint. */
export function takesErrorFormat(format: ErrorFormat, status: number): boolean {
  return format === 'oauth' ? status >= 400 : HTML_PAGE_REFUSAL_STATUSES.includes(status);
}

/** The RFC 6749 `error` code an OAuth endpoint answers for a status of the platform's own. */
export function oauthErrorCodeOf(status: number): string {
  if (status === 401) return 'invalid_client';
  if (status === 503) return 'temporarily_unavailable';
  return status >= 500 ? 'server_error' : 'invalid_request';
}

export function errorFormatOf(request: FastifyRequest): ErrorFormat | undefined {
  const config = request.routeOptions?.config as unknown as Record<string, unknown> | undefined;
  const format = config?.[ERROR_FORMAT_CONFIG];
  return format === 'oauth' || format === 'html_page' ? format : undefined;
}
