import type { OpenAPIObject } from '@nestjs/swagger';
import type { XService } from '../policy/route-policy';
import { operationEntries } from './operation-entries';

export const BEARER_SCHEME = 'bearer';
export const SESSION_COOKIE_SCHEME = 'session_token';

type SecurityRequirement = Record<string, string[]>;

/**
 * The `security` of an operation, read from the `x-service` its `@RoutePolicy` wrote: a person
 * route takes the session cookie and, unless it is session-only, a bearer token; a public or
 * route-specific route takes neither (`[]`: it is public, or checks a credential of its own).
 */
export function securityOf(xService: XService): SecurityRequirement[] {
  if (xService.authentication !== 'person') return [];
  const cookie = { [SESSION_COOKIE_SCHEME]: [] };
  if (xService.policy_requirements.includes('session_cookie_only')) return [cookie];
  return [{ [BEARER_SCHEME]: [] }, cookie];
}

/** Sets every operation's `security` from its policy; an operation without one is left alone. */
export function applyOperationSecurity(document: OpenAPIObject): void {
  type Described = { 'x-service'?: XService; security?: SecurityRequirement[] };
  for (const { operation } of operationEntries<Described>(document)) {
    const xService = operation['x-service'];
    if (xService) operation.security = securityOf(xService);
  }
}
