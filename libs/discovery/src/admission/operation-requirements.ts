import { SETTING_REQUIREMENT } from '@cw/platform';
import type { DescribedOperation } from '../description/described-operation';

/** The header of the intake routes' deployment credential (not a person's token). */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/**
 * `person`: a token or the session cookie. `public`: no credential. `own_credential`: the route
 * checks a credential of its own (a secret or password in the body, a link token in the path, a
 * signature). `internal_token`: the deployment's internal token in `x-internal-token`.
 */
export type OperationAccess = 'person' | 'public' | 'own_credential' | 'internal_token';

/** What an operation asks of its caller, read from its `x-service` and its parameters. */
export interface OperationRequirements {
  access: OperationAccess;
  /** Any one admits a token, with implication; null: no scope is needed. */
  scopes: string[] | null;
  operatorRequirements: string[];
  sessionOnly: boolean;
  settings: string[];
}

function takesInternalToken(operation: DescribedOperation): boolean {
  return (operation.operation.parameters ?? []).some((parameter) => {
    const { in: location, name } = parameter as { in?: string; name?: string };
    return location === 'header' && name?.toLowerCase() === INTERNAL_TOKEN_HEADER;
  });
}

function accessOf(operation: DescribedOperation): OperationAccess {
  const xService = operation.xService;
  if (xService.authentication === 'person') return 'person';
  if (xService.policy_requirements.includes('no_credential')) return 'public';
  return takesInternalToken(operation) ? 'internal_token' : 'own_credential';
}

export function requirementsOf(operation: DescribedOperation): OperationRequirements {
  const xService = operation.xService;
  return {
    access: accessOf(operation),
    scopes: xService.required_scopes,
    operatorRequirements: xService.operator_requirements,
    sessionOnly: xService.policy_requirements.includes('session_cookie_only'),
    settings: xService.policy_requirements
      .filter((requirement) => requirement.startsWith(SETTING_REQUIREMENT))
      .map((requirement) => requirement.slice(SETTING_REQUIREMENT.length)),
  };
}

/**
 * The operation's known prerequisites beyond scopes, as stable strings: `operator_grant:<name>`,
 * `session_cookie_only`, `internal_token`, `own_credential`, `setting:<NAME>`.
 */
export function prerequisitesOf(requirements: OperationRequirements): string[] {
  const prerequisites: string[] = [];
  if (requirements.access === 'internal_token') prerequisites.push('internal_token');
  if (requirements.access === 'own_credential') prerequisites.push('own_credential');
  if (requirements.sessionOnly) prerequisites.push('session_cookie_only');
  for (const grant of requirements.operatorRequirements)
    prerequisites.push(`operator_grant:${grant}`);
  for (const setting of requirements.settings)
    prerequisites.push(`${SETTING_REQUIREMENT}${setting}`);
  return prerequisites;
}
