import { run } from '@cw/db';
import { AppError } from '@cw/platform';
import { sql } from 'kysely';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';

/**
 * How long one feedback search statement may run. `LIKE '%term%'` is checked row by row after
 * the trigram index, at up to (term × message) character steps a row: a 200-character term
 * against messages of 5,000 characters built to pass the index cost ~2 ms a row (4 s for 2,000
 * rows), holding a connection of the shared pool and a core of the shared database.
 */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2_000;

const QUERY_CANCELED = '57014';

/**
 * Runs a search's statements in one read-only transaction whose statements PostgreSQL stops
 * after `SEARCH_STATEMENT_TIMEOUT_MS`; a stopped search answers 400 `BAD_REQUEST` (details
 * `reason: search_too_slow`) saying so. Nothing is written, so nothing needs reconciling.
 */
export async function withSearchDeadline<T>(
  dataSource: DataSource,
  search: (manager: EntityManager) => Promise<T>,
  timeoutMs: number = SEARCH_STATEMENT_TIMEOUT_MS,
): Promise<T> {
  try {
    return await dataSource.transaction(async (manager) => {
      await run(manager, sql`SET TRANSACTION READ ONLY`);
      // SET takes no parameters: the timeout is a literal.
      await run(manager, sql`SET LOCAL statement_timeout = ${sql.lit(Math.round(timeoutMs))}`);
      return search(manager);
    });
  } catch (error) {
    if (isQueryCanceled(error)) {
      throw AppError.badRequest(
        `The search ran longer than ${timeoutMs / 1000} s and was stopped; search for a longer or more distinctive term, or narrow the other filters.`,
        { reason: 'search_too_slow' },
      );
    }
    throw error;
  }
}

function isQueryCanceled(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  return (error.driverError as { code?: string }).code === QUERY_CANCELED;
}
