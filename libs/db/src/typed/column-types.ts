import type { ColumnType } from 'kysely';

/** `timestamptz`, `timestamp`, `date`: pg reads a Date; a write takes a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** `bigint`: pg reads int8 as a string (it may not fit a number); a write takes any of these. */
export type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * `jsonb`, `json`: pg reads the parsed value. A write takes text (`JSON.stringify(value)`),
 * because pg would send a JavaScript array as a PostgreSQL array, not as JSON.
 */
export type Json = ColumnType<JsonValue, string, string>;

/**
 * A column with a default: optional on insert. Unlike Kysely's own `Generated`, it unwraps a
 * `ColumnType` (`Generated<Timestamp>` selects a Date, not a Timestamp).
 */
export type Generated<T> =
  T extends ColumnType<infer Select, infer Insert, infer Update>
    ? ColumnType<Select, Insert | undefined, Update>
    : ColumnType<T, T | undefined, T>;

/** A generated column (`GENERATED ALWAYS AS`): read only. */
export type GeneratedAlways<T> =
  T extends ColumnType<infer Select, unknown, unknown>
    ? ColumnType<Select, never, never>
    : ColumnType<T, never, never>;
