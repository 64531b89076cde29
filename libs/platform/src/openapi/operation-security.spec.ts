import { normalizePolicy, type RoutePolicyOptions, xServiceOf } from '../policy/route-policy';
import { securityOf } from './operation-security';

const securityFor = (options: RoutePolicyOptions): ReturnType<typeof securityOf> =>
  securityOf(xServiceOf(normalizePolicy(options)));

describe('securityOf', () => {
  it('offers a bearer token or the session cookie on a person route', () => {
    expect(securityFor({ access: 'person', scopes: ['wiki:read'] })).toEqual([
      { bearer: [] },
      { session_token: [] },
    ]);
  });

  it('offers only the cookie on a session-only route', () => {
    expect(securityFor({ access: 'person', sessionOnly: true })).toEqual([{ session_token: [] }]);
  });

  it('needs neither on a public or route-specific route', () => {
    expect(securityFor({ access: 'public' })).toEqual([]);
    expect(securityFor({ access: 'route_specific' })).toEqual([]);
  });
});
