import type { FastifyRequest } from 'fastify';

/** Refusals outside the envelope: OAuth endpoints (RFC 6749 5.2) and pages for a browser. */
export type ErrorFormat = 'oauth' | 'html_page';

/** Route config key (set by `RoutePolicy`) naming the route's error format. */
export const ERROR_FORMAT_CONFIG = 'errorFormat';

/** The statuses each format answers in its own shape; anything else stays in the envelope. */
export const ERROR_FORMAT_STATUSES: Readonly<Record<ErrorFormat, readonly number[]>> = {
  oauth: [400, 401],
  html_page: [400, 401, 403],
};

export function errorFormatOf(request: FastifyRequest): ErrorFormat | undefined {
  const config = request.routeOptions?.config as unknown as Record<string, unknown> | undefined;
  const format = config?.[ERROR_FORMAT_CONFIG];
  return format === 'oauth' || format === 'html_page' ? format : undefined;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** A refusal a person reads in the browser: the message, escaped, and nothing that runs. */
export function refusalPageHtml(message: string): string {
  const text = message.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Request refused</title>' +
    `</head><body><h1>Request refused</h1><p>${text}</p></body></html>`
  );
}
