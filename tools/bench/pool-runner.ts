import type { StatementRunner } from '@cw/db';
import type { Pool, PoolClient } from 'pg';

/** A plain `pg` pool or client as the typed layer's statement runner: `query()` answers the rows. */
export function poolRunner(db: Pool | PoolClient): StatementRunner {
  return {
    query: async <T>(text: string, parameters?: unknown[]) =>
      (await db.query(text, parameters)).rows as T,
  };
}
