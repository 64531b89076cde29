import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiResponse } from '@nestjs/swagger';
import { ErrorEnvelopeSchema } from '../errors/error-envelope';
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
    ...ERROR_RESPONSES.map(([status, description]) =>
      ApiResponse({ status, description, type: ErrorEnvelopeSchema }),
    ),
  );
}
