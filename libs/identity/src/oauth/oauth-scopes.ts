import { type AnyScope, EXTRA_SCOPES, type ExtraScope, GRANTABLE_SCOPES, SCOPES } from '@cw/domain';

/** Asks for a refresh token; not a permission of its own. */
export const OFFLINE_ACCESS = 'offline_access';

/** Every value a client may put in `scope`, as the authorization server metadata lists them. */
export const REQUESTABLE_SCOPES: readonly string[] = [...GRANTABLE_SCOPES, OFFLINE_ACCESS];

/**
 * The scopes `/mcp` needs: its 401 challenge and its protected resource metadata name these,
 * so a client following the MCP authorization spec asks for them and no more.
 */
export const MCP_SCOPES: readonly string[] = [...SCOPES];

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

/** An authorization request's scopes as the consent page offers them. */
export interface RequestedScopes {
  /** Granted on approval: those named, or the six when the request names no permission. */
  scopes: AnyScope[];
  /** Extra scopes the client named (`billing:read`, `operator:all`): unticked on the page. */
  optional: ExtraScope[];
  offline: boolean;
}

function isExtraScope(scope: string): scope is ExtraScope {
  return (EXTRA_SCOPES as readonly string[]).includes(scope);
}

/**
 * What an authorization request offers: as `grantScopes`, except that extra scopes are only
 * offered, so a client asking for every scope it read in metadata gets them only when the
 * person chooses them.
 */
export function requestScopes(
  requested: readonly string[] | undefined,
): { ok: true; requested: RequestedScopes } | { ok: false; unknown: string[] } {
  const decision = grantScopes(requested);
  if (!decision.ok) return decision;
  const { scopes, offline } = decision.granted;
  return {
    ok: true,
    requested: {
      scopes: scopes.filter((scope) => !isExtraScope(scope)),
      optional: scopes.filter(isExtraScope),
      offline,
    },
  };
}

export type ConsentDecision =
  | { ok: true; granted: GrantedScopes }
  /** The form ticks a scope the request did not offer: a forged or stale form. */
  | { ok: false; unoffered: string[] };

/** What an approval grants: the requested scopes and the optional ones the person ticked. */
export function consentedScopes(
  requested: RequestedScopes,
  ticked: readonly string[],
): ConsentDecision {
  const chosen = [...new Set(ticked)];
  const unoffered = chosen.filter((scope) => !(requested.optional as string[]).includes(scope));
  if (unoffered.length > 0) return { ok: false, unoffered };
  const optional = requested.optional.filter((scope) => chosen.includes(scope));
  return {
    ok: true,
    granted: { scopes: [...requested.scopes, ...optional], offline: requested.offline },
  };
}

/** The scope list of a token response and of the library's model: permissions, then offline. */
export function scopeListOf(granted: { scopes: readonly string[]; offline: boolean }): string[] {
  return granted.offline ? [...granted.scopes, OFFLINE_ACCESS] : [...granted.scopes];
}
