import type { AnyScope, OperatorRequirement } from '@cw/domain';
import type { ErrorFormat } from '../errors/error-formats';

/**
 * `person`: a bearer token or the session cookie, checked against scopes and operator grants.
 * `route_specific`: the route checks its own credential (webhook-link token, internal header).
 * `public`: no credential at all (health, the OpenAPI description, public contracts).
 */
export type RouteAccess = 'person' | 'route_specific' | 'public';

export interface RoutePolicyOptions {
  access: RouteAccess;
  /** Any one of these admits a bearer token (with implication). Null: no scope is needed. */
  scopes?: AnyScope[] | null;
  operatorRequirements?: OperatorRequirement[];
  /** Refuse bearer tokens with 403: key, session and sharing management, trash. */
  sessionOnly?: boolean;
  mcpTools?: string[];
  /**
   * Settings (environment variable names) without which the route cannot serve anyone; shown
   * as `setting:<NAME>` policy requirements and checked by discovery, not by the guard.
   */
  requiresSettings?: string[];
  /**
   * Refusals not in the envelope: `oauth` (400 and 401 answer `{error, error_description}`, RFC
   * 6749 5.2) or `html_page` (a browser page: 400, 401 and 403 answer a page to read).
   */
  errorFormat?: ErrorFormat;
}

export interface ResolvedRoutePolicy {
  access: RouteAccess;
  scopes: AnyScope[] | null;
  operatorRequirements: OperatorRequirement[];
  sessionOnly: boolean;
  mcpTools: string[];
  requiresSettings: string[];
}

/** The `x-service` extension object: exactly the spec's six keys. */
export interface XService {
  authentication: 'person' | 'route_specific';
  required_scopes: string[] | null;
  operator_requirements: string[];
  policy_requirements: string[];
  resource_authorization: 'checked_at_execution';
  mcp_tools: string[];
}

/** Prefix of a `policy_requirements` entry naming a setting the route needs (`setting:SMTP_URL`). */
export const SETTING_REQUIREMENT = 'setting:';

export function normalizePolicy(options: RoutePolicyOptions): ResolvedRoutePolicy {
  return {
    access: options.access,
    scopes: options.scopes && options.scopes.length > 0 ? [...options.scopes] : null,
    operatorRequirements: [...(options.operatorRequirements ?? [])],
    sessionOnly: options.sessionOnly ?? false,
    mcpTools: [...(options.mcpTools ?? [])],
    requiresSettings: [...(options.requiresSettings ?? [])],
  };
}

export function policyRequirementsOf(policy: ResolvedRoutePolicy): string[] {
  const requirements: string[] = [];
  if (policy.access === 'public') requirements.push('no_credential');
  if (policy.sessionOnly) requirements.push('session_cookie_only');
  for (const setting of policy.requiresSettings)
    requirements.push(`${SETTING_REQUIREMENT}${setting}`);
  return requirements;
}

export function xServiceOf(policy: ResolvedRoutePolicy): XService {
  return {
    authentication: policy.access === 'person' ? 'person' : 'route_specific',
    required_scopes: policy.scopes,
    operator_requirements: policy.operatorRequirements,
    policy_requirements: policyRequirementsOf(policy),
    resource_authorization: 'checked_at_execution',
    mcp_tools: policy.mcpTools,
  };
}
