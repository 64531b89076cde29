import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { DescribedApiTag, ErrorEnvelopeSchema } from '@cw/platform';
import { FEEDBACK_INTAKE_API_TAG } from '../feedback-api-tags';
import { INTERNAL_TOKEN_HEADER, InternalTokenGuard } from './internal-token.guard';

/**
 * A controller of internal routes (each declares `@RoutePolicy({ access: 'route_specific' })`
 * and `@ApiInternalTokenRefusal()`): the `x-internal-token` header checked by
 * InternalTokenGuard, documented on every operation.
 */
export function InternalRoutes(): ClassDecorator {
  return applyDecorators(
    DescribedApiTag(FEEDBACK_INTAKE_API_TAG),
    UseGuards(InternalTokenGuard),
    ApiHeader({
      name: INTERNAL_TOKEN_HEADER,
      required: true,
      description: 'The internal credential: the value of INTERNAL_API_TOKEN.',
    }),
  );
}

/** What the 401 of an internal route means. */
export const ApiInternalTokenRefusal = (): MethodDecorator =>
  ApiUnauthorizedResponse({
    description:
      'AUTH_REQUIRED: the x-internal-token header is missing or wrong, or intake is not configured (INTERNAL_API_TOKEN unset).',
    type: ErrorEnvelopeSchema,
  });
