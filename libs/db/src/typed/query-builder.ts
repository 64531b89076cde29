import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';

/**
 * A Kysely that only builds and compiles PostgreSQL statements (Kysely's "splitting query
 * building and execution"): it holds no connection, and its `execute()` would answer nothing.
 * Statements run through TypeORM with `all`, `first` or `run` (`./run-statement`), so they take
 * part in the caller's transaction, go through `PooledDataSource` outside one, and may run as
 * prepared statements.
 *
 * `DB` is a context's own tables (`HooksTables` from `./generated/hooks`): a repository can name
 * no table of another schema without a type error.
 */
export function queryBuilder<DB>(): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}
