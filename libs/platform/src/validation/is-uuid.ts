import { Matches, type ValidationOptions } from 'class-validator';

/**
 * A UUID in its 8-4-4-4-12 hex form: exactly what the description's `format: uuid` admits (the
 * syntax of RFC 4122, as JSON Schema validators read it). class-validator's `IsUUID()` also
 * demands a known version and the RFC variant, so it refused ids the description allows.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `pattern` a caller-minted UUID v4 field declares beside `format: uuid`. */
export const UUID_V4_PATTERN =
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$';

export function IsUuid(options?: ValidationOptions): PropertyDecorator {
  return Matches(UUID_PATTERN, { message: '$property must be a UUID', ...options });
}
