import type { Pool, QueryResult } from 'pg';
import { DataSource, type DataSourceOptions, QueryFailedError, type QueryRunner } from 'typeorm';
import { preparedStatementName } from './prepared-statements';

/** What TypeORM's Postgres runner answers for a statement: rows, or rows and count for writes. */
function typeormResultOf(raw: QueryResult): unknown {
  return raw.command === 'UPDATE' || raw.command === 'DELETE' ? [raw.rows, raw.rowCount] : raw.rows;
}

/** SQLSTATE 26000: the named statement is not (or no longer) prepared on the connection. */
function isMissingPreparedStatement(driverError: unknown): boolean {
  return (driverError as { code?: string } | null)?.code === '26000';
}

/**
 * One statement on a connection of the pool, as TypeORM's runner would: a connection that cannot
 * be had fails as it is (so an unreachable database is told apart), a failed statement as a
 * QueryFailedError, and the connection goes back to the pool either way, or is closed when it
 * lost its prepared statements.
 */
async function runPooled(
  pool: Pool,
  query: string,
  parameters: unknown[],
  name: string | undefined,
): Promise<QueryResult> {
  const connection = await pool.connect();
  let lostPrepared = false;
  try {
    return await (name
      ? connection.query({ name, text: query, values: parameters })
      : connection.query(query, parameters));
  } catch (error) {
    lostPrepared = name !== undefined && isMissingPreparedStatement(error);
    throw new QueryFailedError(query, parameters, error as Error);
  } finally {
    connection.release(lostPrepared);
  }
}

/**
 * A DataSource whose `query()` outside a transaction takes a connection from the pool, runs the
 * statement and gives the connection back, instead of making a QueryRunner for it. Answers and
 * errors are TypeORM's own: rows, `[rows, count]` for UPDATE and DELETE, a `QueryFailedError`
 * around the driver's error, an unreachable database's error as it is. What it skips per
 * statement is the runner object and its before/after query events, which nothing here listens to
 * (no subscribers, query logging off): 6 % of the wiki-service's CPU per page read
 * (docs/benchmarks.md, "Statements without a query runner"). Statements of a transaction, and
 * unparameterized ones (which may hold several statements), go through TypeORM as before.
 * Texts marked with `prepared()` run as named prepared statements unless `preparedStatements`
 * is off (`DB_PREPARED_STATEMENTS`, for a pooler in front that cannot keep them).
 */
export class PooledDataSource extends DataSource {
  private readonly preparedStatements: boolean;

  constructor(options: DataSourceOptions, settings: { preparedStatements?: boolean } = {}) {
    super(options);
    this.preparedStatements = settings.preparedStatements ?? true;
  }

  override async query<T = unknown>(
    query: string,
    parameters?: unknown[],
    queryRunner?: QueryRunner,
  ): Promise<T> {
    const pool = (this.driver as { master?: Pool }).master;
    if (queryRunner || !parameters?.length || !pool) {
      return super.query<T>(query, parameters, queryRunner);
    }
    const name = this.preparedStatements ? preparedStatementName(query) : undefined;
    let raw: QueryResult;
    try {
      raw = await runPooled(pool, query, parameters, name);
    } catch (error) {
      const lost =
        error instanceof QueryFailedError && isMissingPreparedStatement(error.driverError);
      if (!name || !lost) throw error;
      // The connection had lost what it prepared (a DEALLOCATE or DISCARD on it): it was dropped
      // from the pool, and the statement, which did not start, runs once more on another.
      raw = await runPooled(pool, query, parameters, name);
    }
    return typeormResultOf(raw) as T;
  }
}
