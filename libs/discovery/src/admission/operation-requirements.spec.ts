import type { XService } from '@cw/platform';
import type { DescribedOperation } from '../description/described-operation';
import { prerequisitesOf, requirementsOf } from './operation-requirements';

function described(xService: Partial<XService>, parameters: unknown[] = []): DescribedOperation {
  return {
    operationId: 'op',
    method: 'POST',
    path: '/op',
    summary: '',
    tags: [],
    xService: {
      authentication: 'person',
      required_scopes: null,
      operator_requirements: [],
      policy_requirements: [],
      resource_authorization: 'checked_at_execution',
      mcp_tools: [],
      ...xService,
    },
    operation: { parameters },
  };
}

describe('what an operation asks of its caller', () => {
  it('reads scopes, grants, session-only and settings from x-service', () => {
    const requirements = requirementsOf(
      described({
        required_scopes: ['operator:all'],
        operator_requirements: ['feedback.view'],
        policy_requirements: ['session_cookie_only', 'setting:SMTP_URL', 'setting:CONTACT_TO'],
      }),
    );
    expect(requirements).toEqual({
      access: 'person',
      scopes: ['operator:all'],
      operatorRequirements: ['feedback.view'],
      sessionOnly: true,
      settings: ['SMTP_URL', 'CONTACT_TO'],
    });
    expect(prerequisitesOf(requirements)).toEqual([
      'session_cookie_only',
      'operator_grant:feedback.view',
      'setting:SMTP_URL',
      'setting:CONTACT_TO',
    ]);
  });

  it('tells public, internal-token and own-credential routes apart', () => {
    const route = (policy: string[], parameters: unknown[] = []) =>
      requirementsOf(
        described({ authentication: 'route_specific', policy_requirements: policy }, parameters),
      ).access;
    expect(route(['no_credential'])).toBe('public');
    expect(route([], [{ in: 'header', name: 'X-Internal-Token', required: true }])).toBe(
      'internal_token',
    );
    expect(route([], [{ in: 'query', name: 'x-internal-token' }])).toBe('own_credential');
    expect(route([])).toBe('own_credential');
  });
});
