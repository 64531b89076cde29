import type { PipeTransform } from '@nestjs/common';
import { validationError } from '@cw/platform';

export const ACTION_ID_PATTERN = /^[a-z0-9-]{1,100}$/;
/** A page's numeric id, as the wiki's page routes take it. */
const NOTIFICATION_ID_PATTERN = /^[1-9][0-9]{0,17}$/;

function patternParam(
  field: string,
  pattern: RegExp,
  rule: string,
): PipeTransform<unknown, string> {
  return {
    transform(value: unknown): string {
      const text = typeof value === 'string' ? value : '';
      if (!pattern.test(text)) throw validationError([{ field, message: `${field} ${rule}` }]);
      return text;
    },
  };
}

/** `action_id`: `^[a-z0-9-]{1,100}$`, refused in the envelope as VALIDATION_ERROR. */
export const actionIdParam = (): PipeTransform<unknown, string> =>
  patternParam('action_id', ACTION_ID_PATTERN, 'must match ^[a-z0-9-]{1,100}$');

/** `notification_id`: an integer >= 1 (kept as text: page ids are bigint). */
export const notificationIdParam = (): PipeTransform<unknown, string> =>
  patternParam('notification_id', NOTIFICATION_ID_PATTERN, 'must be an integer >= 1');
