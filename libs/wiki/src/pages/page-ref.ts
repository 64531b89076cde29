import { AppError, ErrorCode } from '@cw/platform';

/** How a route names a page: its public UUID or its legacy numeric id. */
export type PageRef = { kind: 'legacy'; id: string } | { kind: 'public'; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LEGACY_ID = /^[1-9][0-9]{0,17}$/;

/** REST page routes accept the public UUID or the legacy numeric id. */
export function parsePageRef(value: string): PageRef {
  if (LEGACY_ID.test(value)) return { kind: 'legacy', id: value };
  if (UUID.test(value)) return { kind: 'public', id: value.toLowerCase() };
  throw new AppError(
    ErrorCode.ValidationError,
    'page_id is a page UUID or a positive integer id.',
    {
      status: 400,
      details: {
        field: 'page_id',
        validation_errors: [
          { field: 'page_id', message: 'page_id must be a UUID or an integer >= 1' },
        ],
      },
    },
  );
}
