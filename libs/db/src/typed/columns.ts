import { type RawBuilder, type Selectable, sql } from 'kysely';

/** `hook_id` → `hookId`, as a type. */
export type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

/** `hook_id` → `hook_id as hookId`; `d.hook_id` → `d.hook_id as hookId`. */
export type CamelAlias<Column extends string> = Column extends `${string}.${infer Name}`
  ? AliasOf<Column, Name>
  : AliasOf<Column, Column>;

type AliasOf<Column extends string, Name extends string> =
  CamelCase<Name> extends Name ? Column : `${Column} as ${CamelCase<Name>}`;

const camelCase = (name: string): string =>
  name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * A selection of columns under their camelCase names, each written once as the migration names
 * it: `camelColumns(['id', 'hook_id'])` selects `id` and `hook_id as hookId`, and Kysely types
 * the rows `{ id: string; hookId: string }` from the generated table types. (Rows are shaped by
 * these aliases in SQL, not by Kysely's CamelCasePlugin: its result transform runs only where
 * Kysely executes, and statements here run through TypeORM.)
 */
export function camelColumns<const Column extends string>(
  columns: readonly Column[],
): CamelAlias<Column>[] {
  return columns.map((column) => {
    const name = column.slice(column.lastIndexOf('.') + 1);
    const alias = camelCase(name);
    return (alias === name ? column : `${column} as ${alias}`) as CamelAlias<Column>;
  });
}

/** The row `camelColumns(columns)` selects from `Table`: what a record type is made of. */
export type CamelRow<Table, Column extends keyof Selectable<Table> & string> = {
  [Name in Column as CamelCase<Name>]: Selectable<Table>[Name];
};

/**
 * The same selection inside hand-written SQL (`sql\`SELECT ${camelColumnList('h', columns)} ...\``):
 * `"h"."hook_id" AS "hookId", ...`. Type its rows with `CamelRow`.
 */
export function camelColumnList(alias: string, columns: readonly string[]): RawBuilder<unknown> {
  return sql.join(
    columns.map((column) =>
      camelCase(column) === column
        ? sql.ref(`${alias}.${column}`)
        : sql`${sql.ref(`${alias}.${column}`)} AS ${sql.id(camelCase(column))}`,
    ),
  );
}
