import { ValidateIf, type ValidationOptions } from 'class-validator';

/**
 * The field may be left out. Unlike class-validator's `IsOptional`, which skips every check for
 * null as well, null is checked (and so refused) like any other wrong value: no request field
 * takes null, and a null that got through would reach the service as if it had been validated.
 */
export function IsOmittable(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object: unknown, value: unknown) => value !== undefined, options);
}
