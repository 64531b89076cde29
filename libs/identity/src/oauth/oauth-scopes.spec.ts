import { SCOPES } from '@cw/domain';
import { grantScopes, OFFLINE_ACCESS, scopeListOf } from './oauth-scopes';

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
});
