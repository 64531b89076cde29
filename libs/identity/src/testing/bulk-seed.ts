import { type PgClient, rawQuery, runCounted } from '@cw/db';

/** What bulk seeds and benchmark fixtures need of a connection: a pg Client, PoolClient or Pool. */
export type SqlClient = PgClient;

/** Runs one step of a seed, as the caller times and logs it; answers what `work` answers. */
export type TimedStep = <T>(name: string, work: () => Promise<T>) => Promise<T>;

/**
 * Replaces each `:name` of `params` in `sql` by a positional parameter (`::` casts are left
 * alone), so that long seed statements can name their values.
 */
export function bindNamed(
  sql: string,
  params: Readonly<Record<string, unknown>>,
): [string, unknown[]] {
  const used: string[] = [];
  const text = sql.replace(/(?<!:):([a-z][a-z_]*)/g, (match, name: string) => {
    if (!(name in params)) return match;
    if (!used.includes(name)) used.push(name);
    return `$${used.indexOf(name) + 1}`;
  });
  return [text, used.map((name) => params[name])];
}

/**
 * Runs a seed statement with named parameters; answers its row count. Seed statements are raw
 * SQL: set-based inserts over generate_series whose fragments (`seededIdentitySql`) the other
 * contexts' seeds share as text.
 */
export function runNamed(
  client: SqlClient,
  sql: string,
  params: Readonly<Record<string, unknown>>,
): Promise<number> {
  return runCounted(client, rawQuery(...bindNamed(sql, params)));
}
