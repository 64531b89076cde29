import { type AnyScope, GRANTABLE_SCOPES, SCOPES } from '@cw/domain';

/** Asks for a refresh token; not a permission of its own. */
export const OFFLINE_ACCESS = 'offline_access';

/** Every value a client may put in `scope`, as the authorization server metadata lists them. */
export const REQUESTABLE_SCOPES: readonly string[] = [...GRANTABLE_SCOPES, OFFLINE_ACCESS];

export interface GrantedScopes {
  /** The permissions the tokens carry. */
  scopes: AnyScope[];
  /** A refresh token is issued (`offline_access` was asked for). */
  offline: boolean;
}

export type ScopeDecision = { ok: true; granted: GrantedScopes } | { ok: false; unknown: string[] };

/**
 * What a requested `scope` grants: an omitted scope (or one naming only `offline_access`) grants
 * the six scopes; extra scopes such as `billing:read` only when named. Unknown names refuse the
 * whole request rather than being dropped, so a client never believes it holds what it lacks.
 */
export function grantScopes(requested: readonly string[] | undefined): ScopeDecision {
  const names = [...new Set(requested ?? [])];
  const unknown = names.filter((name) => !REQUESTABLE_SCOPES.includes(name));
  if (unknown.length > 0) return { ok: false, unknown };
  const offline = names.includes(OFFLINE_ACCESS);
  const permissions = names.filter((name): name is AnyScope => name !== OFFLINE_ACCESS);
  return {
    ok: true,
    granted: { scopes: permissions.length > 0 ? permissions : [...SCOPES], offline },
  };
}

/** The scope list of a token response and of the library's model: permissions, then offline. */
export function scopeListOf(granted: { scopes: readonly string[]; offline: boolean }): string[] {
  return granted.offline ? [...granted.scopes, OFFLINE_ACCESS] : [...granted.scopes];
}
