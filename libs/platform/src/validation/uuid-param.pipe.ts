import { ParseUUIDPipe } from '@nestjs/common';
import { validationError } from './validation-errors';

/** Path parameter that must be a UUID, refused in the envelope as VALIDATION_ERROR. */
export function uuidParam(field: string): ParseUUIDPipe {
  return new ParseUUIDPipe({
    exceptionFactory: () => validationError([{ field, message: `${field} must be a UUID` }]),
  });
}
