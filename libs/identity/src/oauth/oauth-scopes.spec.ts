import { SCOPES } from '@cw/domain';
import {
  consentedScopes,
  grantScopes,
  OFFLINE_ACCESS,
  requestScopes,
  scopeListOf,
} from './oauth-scopes';

describe('grantScopes', () => {
  it('grants the six scopes when scope is omitted, without a refresh token', () => {
    expect(grantScopes(undefined)).toEqual({
      ok: true,
      granted: { scopes: [...SCOPES], offline: false },
    });
  });

  it('grants the six scopes and a refresh token for offline_access alone', () => {
    expect(grantScopes([OFFLINE_ACCESS])).toEqual({
      ok: true,
      granted: { scopes: [...SCOPES], offline: true },
    });
  });

  it('grants exactly what is named, billing:read only when asked for', () => {
    expect(grantScopes(['wiki:read', 'billing:read', 'wiki:read'])).toEqual({
      ok: true,
      granted: { scopes: ['wiki:read', 'billing:read'], offline: false },
    });
    const six = grantScopes(undefined);
    expect(six.ok && six.granted.scopes).not.toContain('billing:read');
  });

  it('refuses unknown names instead of dropping them', () => {
    expect(grantScopes(['wiki:read', 'openid', 'admin'])).toEqual({
      ok: false,
      unknown: ['openid', 'admin'],
    });
  });

  it('lists offline_access last in the token scope', () => {
    expect(scopeListOf({ scopes: ['wiki:read'], offline: true })).toEqual([
      'wiki:read',
      OFFLINE_ACCESS,
    ]);
  });

  it('grants an extra scope on consent only when it was offered and ticked', () => {
    const offered = requestScopes(['wiki:read', 'billing:read', 'operator:all']);
    if (!offered.ok) throw new Error('expected the request to be valid');
    expect(offered.requested).toEqual({
      scopes: ['wiki:read'],
      optional: ['billing:read', 'operator:all'],
      offline: false,
    });
    expect(consentedScopes(offered.requested, [])).toEqual({
      ok: true,
      granted: { scopes: ['wiki:read'], offline: false },
    });
    expect(consentedScopes(offered.requested, ['operator:all'])).toEqual({
      ok: true,
      granted: { scopes: ['wiki:read', 'operator:all'], offline: false },
    });
    const sixOnly = requestScopes(undefined);
    expect(sixOnly.ok && consentedScopes(sixOnly.requested, ['billing:read'])).toEqual({
      ok: false,
      unoffered: ['billing:read'],
    });
  });
});
