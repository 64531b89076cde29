/** The OpenAPI schema of a field that holds any JSON value. */
export const ANY_JSON_VALUE = {
  oneOf: [
    { type: 'object' as const },
    { type: 'array' as const, items: {} },
    { type: 'string' as const },
    { type: 'number' as const },
    { type: 'boolean' as const },
  ],
};
