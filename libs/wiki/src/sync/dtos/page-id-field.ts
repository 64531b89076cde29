import { ValidateBy, type ValidationOptions } from 'class-validator';
import { parsePageRef } from '../../pages/page-ref';

/** How the OpenAPI description shows a page id of a sync request or answer. */
export const PAGE_ID_SCHEMA = {
  oneOf: [
    { type: 'string', description: 'Public UUID or legacy integer id as text.' },
    { type: 'integer', minimum: 1 },
  ],
};

/** A page public UUID, or a legacy integer id (as a JSON number or as text). */
export function IsPageId(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPageId',
      validator: {
        validate: (value: unknown): boolean => {
          if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1;
          if (typeof value !== 'string') return false;
          try {
            parsePageRef(value);
            return true;
          } catch {
            return false;
          }
        },
        defaultMessage: () => 'each value in page_ids must be a page UUID or an integer id >= 1',
      },
    },
    options,
  );
}
