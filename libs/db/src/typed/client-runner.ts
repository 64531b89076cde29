import type { ClientBase } from 'pg';
import { compileStatement, type Statement, type StatementRunner } from './run-statement';

/** A plain `pg` connection: a Client, a PoolClient or a Pool. */
export type PgClient = Pick<ClientBase, 'query'>;

/**
 * Where `all`/`first`/`run` run on a plain pg connection instead of TypeORM: the bulk seeds and
 * benchmark fixtures, which hold a connection (and its transaction) of their own.
 */
export function clientRunner(client: PgClient): StatementRunner {
  return {
    query: async <T>(text: string, parameters?: unknown[]): Promise<T> =>
      (await client.query(text, parameters)).rows as T,
  };
}

/** Runs a statement on a plain pg connection; answers how many rows it wrote (pg's rowCount). */
export async function runCounted(client: PgClient, statement: Statement<unknown>): Promise<number> {
  const { sql, parameters } = compileStatement(statement);
  return (await client.query(sql, [...parameters])).rowCount ?? 0;
}
