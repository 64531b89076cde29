import { loadIdentityConfig } from './identity.config';

describe('the identity settings', () => {
  it('delete OAuth clients unused for 24 h, sweeping every 600 s by default; 0 and words are refused', () => {
    expect(loadIdentityConfig({})).toMatchObject({
      OAUTH_UNUSED_CLIENT_HOURS: 24,
      OAUTH_CLIENT_SWEEP_SECONDS: 600,
    });
    expect(() => loadIdentityConfig({ OAUTH_UNUSED_CLIENT_HOURS: '0' })).toThrow(
      /^Invalid setting OAUTH_UNUSED_CLIENT_HOURS: /,
    );
    expect(() => loadIdentityConfig({ OAUTH_CLIENT_SWEEP_SECONDS: 'often' })).toThrow(
      /^Invalid setting OAUTH_CLIENT_SWEEP_SECONDS: /,
    );
  });
});
