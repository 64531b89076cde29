import { validationError } from '@cw/platform';

/** A position in the change feed: the last row's `updated_at` (to the microsecond) and `id`. */
export interface SyncPosition {
  /** UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ`: PostgreSQL's full precision, which a JS Date loses. */
  updatedAt: string;
  id: string;
}

/** The SQL `to_char` format that yields `SyncPosition.updatedAt` from a UTC timestamp. */
export const POSITION_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;
const ROW_ID = /^[1-9][0-9]{0,17}$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,512}$/;

/** Opaque to clients: base64url of a small versioned JSON object. */
export function encodeCursor(position: SyncPosition): string {
  return Buffer.from(
    JSON.stringify({ v: 1, t: position.updatedAt, id: position.id }),
    'utf8',
  ).toString('base64url');
}

function isRealInstant(updatedAt: string): boolean {
  const match = TIMESTAMP.exec(updatedAt);
  if (!match) return false;
  const date = new Date(`${match[1]}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString() === `${match[1]}Z`;
}

/** The position a cursor stands for; anything this server did not issue is VALIDATION_ERROR. */
export function decodeCursor(cursor: string): SyncPosition {
  let parsed: unknown;
  try {
    if (!BASE64URL.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const candidate = parsed as { v?: unknown; t?: unknown; id?: unknown } | undefined;
  if (
    candidate?.v === 1 &&
    typeof candidate.t === 'string' &&
    typeof candidate.id === 'string' &&
    ROW_ID.test(candidate.id) &&
    isRealInstant(candidate.t)
  ) {
    return { updatedAt: candidate.t, id: candidate.id };
  }
  throw validationError([
    {
      field: 'cursor',
      message: 'cursor must be a next_cursor value returned by this route',
    },
  ]);
}
