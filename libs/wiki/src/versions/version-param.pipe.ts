import type { PipeTransform } from '@nestjs/common';
import { validationError } from '@cw/platform';

const POSITIVE_INT = /^[1-9][0-9]{0,8}$/;

/**
 * A path parameter that must be an integer >= 1, refused in the envelope as VALIDATION_ERROR.
 * (The global validation pipe may already have turned the text into a number.)
 */
export function positiveIntParam(field: string): PipeTransform<unknown, number> {
  return {
    transform(value: unknown): number {
      const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
      if (!POSITIVE_INT.test(text)) {
        throw validationError([{ field, message: `${field} must be an integer >= 1` }]);
      }
      return Number(text);
    },
  };
}
