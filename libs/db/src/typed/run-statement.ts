import { type Compilable, CompiledQuery, type RawBuilder } from 'kysely';
import type { EntityManager } from 'typeorm';
import { prepared } from '../prepared-statements';
import { queryBuilder } from './query-builder';

/**
 * Where a statement runs: the `EntityManager` of a transaction, or the `DataSource` (or its
 * manager) outside one. Both answer through TypeORM's `query()`.
 */
export type StatementRunner = Pick<EntityManager, 'query'>;

/**
 * A statement built with Kysely (`db.selectFrom(...)`), or hand-written SQL with typed rows: the
 * escape hatch for statements tuned by hand, as Kysely's `sql<Row>` template (values become
 * parameters) or as `rawQuery<Row>(text, parameters)` (a fixed text that uses a parameter twice).
 */
export type Statement<Row> = Compilable<Row> | RawBuilder<Row> | CompiledQuery<Row>;

/** Hand-written SQL with `$n` parameters, its rows typed `Row` (not checked against the text). */
export function rawQuery<Row>(text: string, parameters: readonly unknown[]): CompiledQuery<Row> {
  return CompiledQuery.raw(text, [...parameters]);
}

export interface RunOptions {
  /**
   * Run as a named prepared statement outside a transaction (`prepared()`): for fixed texts on
   * hot paths only. The compiled text must not change with the arguments (values are always
   * parameters; a list of values is one `$n::type[]` parameter, never an `in (...)` list).
   */
  prepared?: boolean;
}

/** Compiles any raw template; its compilation needs no particular schema. */
const compiler = queryBuilder<unknown>();

/** The text and parameters a statement runs as (what the statement snapshots show). */
export function compileStatement<Row>(statement: Statement<Row>): CompiledQuery<Row> {
  if (isCompiled(statement)) return statement;
  return isRaw(statement) ? statement.compile(compiler) : statement.compile();
}

function isCompiled<Row>(statement: Statement<Row>): statement is CompiledQuery<Row> {
  return typeof (statement as Partial<CompiledQuery<Row>>).sql === 'string';
}

function isRaw<Row>(statement: Statement<Row>): statement is RawBuilder<Row> {
  return (statement as Partial<RawBuilder<Row>>).isRawBuilder === true;
}

/**
 * TypeORM answers an UPDATE or a DELETE as `[rows, affected]` and every other statement as
 * `rows`. A row is never an array (pg answers rows as objects), so the two shapes are told apart
 * here, and callers always get rows.
 */
function rowsOf<Row>(answer: unknown): Row[] {
  if (
    Array.isArray(answer) &&
    answer.length === 2 &&
    Array.isArray(answer[0]) &&
    typeof answer[1] === 'number'
  ) {
    return answer[0] as Row[];
  }
  return answer as Row[];
}

/** The statement's rows (its `RETURNING` rows for a write). */
export async function all<Row>(
  runner: StatementRunner,
  statement: Statement<Row>,
  options: RunOptions = {},
): Promise<Row[]> {
  const { sql, parameters } = compileStatement(statement);
  const text = options.prepared ? prepared(sql) : sql;
  return rowsOf<Row>(await runner.query(text, [...parameters]));
}

/** The statement's first row, or null. */
export async function first<Row>(
  runner: StatementRunner,
  statement: Statement<Row>,
  options: RunOptions = {},
): Promise<Row | null> {
  const [row] = await all(runner, statement, options);
  return row ?? null;
}

/** Runs a statement whose rows nobody reads. */
export async function run(
  runner: StatementRunner,
  statement: Statement<unknown>,
  options: RunOptions = {},
): Promise<void> {
  await all(runner, statement, options);
}
