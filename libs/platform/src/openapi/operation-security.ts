import type { OpenAPIObject } from '@nestjs/swagger';
import type { XService } from '../policy/route-policy';

export const BEARER_SCHEME = 'bearer';
export const SESSION_COOKIE_SCHEME = 'session_token';

type SecurityRequirement = Record<string, string[]>;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

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
  for (const item of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const xService = (operation as { 'x-service'?: XService })['x-service'];
      if (xService)
        (operation as { security?: SecurityRequirement[] }).security = securityOf(xService);
    }
  }
}
