import type { ValidationError } from 'class-validator';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-code';

/** How a whole body is named in `details.field`: no request field has this name. */
export const BODY_FIELD = '(body)';

export interface FieldProblem {
  field: string;
  message: string;
}

export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({
      field,
      message: message.startsWith(`property ${error.property} should not exist`)
        ? `${field} is not a known field`
        : message.replace(error.property, field),
    }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

export function validationError(problems: FieldProblem[]): AppError {
  const first = problems[0];
  return new AppError(
    ErrorCode.ValidationError,
    first ? `Invalid request: ${first.message}.` : 'Invalid request.',
    { details: { validation_errors: problems, field: first?.field ?? null } },
  );
}
