import { ValidationPipe } from '@nestjs/common';
import { flattenValidationErrors, validationError } from './validation-errors';

/** Unknown fields are refused by name; values are converted to the DTO's declared types. */
export function createStrictValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => validationError(flattenValidationErrors(errors)),
  });
}
