/**
 * The values of a string union for an OpenAPI `enum`. Listing them as the keys of a
 * `Record<Union, true>` makes the compiler refuse a list that misses a value or adds one.
 */
export function unionValues<T extends string>(values: Record<T, true>): T[] {
  return Object.keys(values) as T[];
}
