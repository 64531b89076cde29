import type { Pool, QueryResult } from 'pg';
import { DataSource, type DataSourceOptions, QueryFailedError, type QueryRunner } from 'typeorm';
import { preparedStatementName } from './prepared-statements';

/** What TypeORM's Postgres runner answers for a statement: rows, or rows and count for writes. */
function typeormResultOf(raw: QueryResult): unknown {
  return raw.command === 'UPDATE' || raw.command === 'DELETE' ? [raw.rows, raw.rowCount] : raw.rows;
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
    // As TypeORM's runner: a connection that cannot be had fails as it is (so an unreachable
    // database is told apart), a failed statement as a QueryFailedError, and the connection goes
    // back to the pool either way.
    const name = this.preparedStatements ? preparedStatementName(query) : undefined;
    const connection = await pool.connect();
    let raw: QueryResult;
    try {
      raw = await (name
        ? connection.query({ name, text: query, values: parameters })
        : connection.query(query, parameters));
    } catch (error) {
      throw new QueryFailedError(query, parameters, error as Error);
    } finally {
      connection.release();
    }
    return typeormResultOf(raw) as T;
  }
}
