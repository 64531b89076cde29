import type { ValidationError } from 'class-validator';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-code';

/** How a whole body is named in `details.field`: no request field has this name. */
export const BODY_FIELD = '(body)';

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * A field left out fails every constraint it has (`markdown must be shorter than or equal to
 * 1000000 characters`); only its absence is worth saying. An omittable field left out is never
 * checked (`IsOmittable`), so a constraint failing on `undefined` means the field is required.
 */
function isMissing(error: ValidationError): boolean {
  // Nest deletes the value of an error that has children (so `'value' in error` is false there).
  return (
    'value' in error &&
    error.value === undefined &&
    !error.children?.length &&
    Object.keys(error.constraints ?? {}).length > 0
  );
}

export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    if (isMissing(error)) return [{ field, message: `${field} is required` }];
    const own = Object.values(error.constraints ?? {}).map((message) => ({
      field,
      message: message.startsWith(`property ${error.property} should not exist`)
        ? `${field} is not a known field`
        : message.replace(error.property, field),
    }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/**
 * Problems listed in `details.validation_errors`. A 1 MB body of unknown fields has ~100,000 of
 * them; the rest are only counted (`validation_errors_omitted`), so the answer stays small.
 */
export const MAX_LISTED_PROBLEMS = 10;

export function validationError(problems: FieldProblem[]): AppError {
  const first = problems[0];
  const omitted = problems.length - MAX_LISTED_PROBLEMS;
  return new AppError(
    ErrorCode.ValidationError,
    first ? `Invalid request: ${first.message}.` : 'Invalid request.',
    {
      details: {
        validation_errors: problems.slice(0, MAX_LISTED_PROBLEMS),
        field: first?.field ?? null,
        ...(omitted > 0 ? { validation_errors_omitted: omitted } : {}),
      },
    },
  );
}
