import { createHash } from 'node:crypto';

/** JSON with every object's keys sorted: equal descriptions give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : item,
  );
}

/** `schema_revision`: the SHA-256 of the description's canonical JSON, base64url. */
export function schemaRevisionOf(document: unknown): string {
  return createHash('sha256').update(canonicalJson(document)).digest('base64url');
}
