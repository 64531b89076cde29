/** A parsed form or query as named fields; anything else (no body, an array) as none. */
export function fieldsOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
