export const SCOPES = [
  'ops:read',
  'wiki:read',
  'wiki:write',
  'workflows:read',
  'workflows:run',
  'workflows:write',
] as const;

export type Scope = (typeof SCOPES)[number];

/** Scopes a route may list but a key cannot be minted with through the six-scope default. */
export const EXTRA_SCOPES = ['billing:read', 'operator:all'] as const;
export type ExtraScope = (typeof EXTRA_SCOPES)[number];
export type AnyScope = Scope | ExtraScope;

export const GRANTABLE_SCOPES: readonly AnyScope[] = [...SCOPES, ...EXTRA_SCOPES];

const IMPLIED_BY: Readonly<Record<string, readonly AnyScope[]>> = {
  'wiki:read': ['wiki:write'],
  'workflows:read': ['workflows:run', 'workflows:write'],
};

/** True when a credential holding `held` satisfies a route that lists `required`. */
export function scopeSatisfies(held: readonly string[], required: AnyScope): boolean {
  if (held.includes(required)) return true;
  return (IMPLIED_BY[required] ?? []).some((wider) => held.includes(wider));
}

export function isGrantableScope(value: string): value is AnyScope {
  return (GRANTABLE_SCOPES as readonly string[]).includes(value);
}
