import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiResponse } from '@nestjs/swagger';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ErrorEnvelopeSchema, OAuthErrorSchema } from '../errors/error-envelope';
import { ERROR_FORMAT_CONFIG, oauthErrorCodeOf } from '../errors/error-formats';
import { HTML_PAGE_CONTENT } from '../openapi/non-json-content';
import { normalizePolicy, type RoutePolicyOptions, xServiceOf } from './route-policy';

export const ROUTE_POLICY = 'cw:route-policy';

const ERROR_RESPONSES: ReadonlyArray<[number, string]> = [
  [400, 'VALIDATION_ERROR or BAD_REQUEST'],
  [401, 'AUTH_REQUIRED: token missing, invalid or revoked'],
  [403, 'ACCESS_DENIED'],
  [404, 'NOT_FOUND'],
  [409, 'Conflict'],
  [429, 'RATE_LIMITED'],
  [500, 'INTERNAL_ERROR'],
  [503, 'DB_POOL_EXHAUSTED or SERVICE_UNAVAILABLE; honor Retry-After'],
];

/** Refusals a browser page answers as a page a person can read instead. */
const HTML_PAGE_ERROR_RESPONSES: ReadonlyArray<[number, string]> = [
  [400, 'A page saying why the request cannot be completed'],
  [401, 'The sign-in form again, saying why'],
  [403, 'A page saying the form was not made for this browser session'],
];

/** What an OAuth endpoint's 400 says beyond the platform's own refusals. */
const OAUTH_400 = 'invalid_request, invalid_grant, invalid_scope, invalid_client_metadata, …';

/** Names the format of an operation's refusals when it is not the envelope (`oauth`, `html_page`). */
export const ERROR_FORMAT_EXTENSION = 'x-error-format';

function errorResponse(options: RoutePolicyOptions, status: number, description: string) {
  if (options.errorFormat === 'oauth') {
    const code = status === 400 ? OAUTH_400 : oauthErrorCodeOf(status);
    return ApiResponse({ status, description: `${code} (${description})`, type: OAuthErrorSchema });
  }
  if (options.errorFormat === 'html_page') {
    const page = HTML_PAGE_ERROR_RESPONSES.find(([code]) => code === status);
    if (page)
      return ApiResponse({
        status,
        description: page[1],
        content: HTML_PAGE_CONTENT,
      });
  }
  return ApiResponse({ status, description, type: ErrorEnvelopeSchema });
}

/**
 * The one declaration of a route's policy. The global guard enforces it, the OpenAPI
 * `x-service` extension is generated from it, and discovery reads it: never written twice.
 */
export function RoutePolicy(options: RoutePolicyOptions): MethodDecorator & ClassDecorator {
  const policy = normalizePolicy(options);
  // The operation's `security` is derived from `x-service` when the document is built (openapi/).
  return applyDecorators(
    SetMetadata(ROUTE_POLICY, policy),
    ApiExtension('x-service', xServiceOf(policy)),
    ...ERROR_RESPONSES.map(([status, description]) => errorResponse(options, status, description)),
    ...(options.errorFormat
      ? [
          ApiExtension(ERROR_FORMAT_EXTENSION, options.errorFormat),
          // Refusals before the handler (a body the parser refuses) answer in the same format.
          RouteConfig({ [ERROR_FORMAT_CONFIG]: options.errorFormat }),
        ]
      : []),
  );
}
