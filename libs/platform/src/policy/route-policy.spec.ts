import { normalizePolicy, xServiceOf } from './route-policy';

describe('x-service generation', () => {
  it('carries exactly the six keys of the spec', () => {
    const xService = xServiceOf(
      normalizePolicy({ access: 'person', scopes: ['wiki:read'], mcpTools: ['search_wiki'] }),
    );
    expect(Object.keys(xService).sort()).toEqual([
      'authentication',
      'mcp_tools',
      'operator_requirements',
      'policy_requirements',
      'required_scopes',
      'resource_authorization',
    ]);
    expect(xService).toEqual({
      authentication: 'person',
      required_scopes: ['wiki:read'],
      operator_requirements: [],
      policy_requirements: [],
      resource_authorization: 'checked_at_execution',
      mcp_tools: ['search_wiki'],
    });
  });

  it('reports null scopes when none are listed and marks session-only and public routes', () => {
    expect(xServiceOf(normalizePolicy({ access: 'person', sessionOnly: true }))).toMatchObject({
      authentication: 'person',
      required_scopes: null,
      policy_requirements: ['session_cookie_only'],
    });
    expect(xServiceOf(normalizePolicy({ access: 'public' }))).toMatchObject({
      authentication: 'route_specific',
      policy_requirements: ['no_credential'],
    });
  });

  it('renders each required setting as a setting:<NAME> policy requirement', () => {
    const xService = xServiceOf(
      normalizePolicy({
        access: 'person',
        sessionOnly: true,
        requiresSettings: ['ACCEPTANCE_AUTH_SECRET'],
      }),
    );
    expect(Object.keys(xService)).toHaveLength(6);
    expect(xService.policy_requirements).toEqual([
      'session_cookie_only',
      'setting:ACCEPTANCE_AUTH_SECRET',
    ]);
  });
});
