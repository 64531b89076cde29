import { hashToken, mintToken, tokenKindOf } from './token-codec';

describe('token codec', () => {
  it('mints tokens with the kind prefix and a display prefix that cannot authenticate', () => {
    const minted = mintToken('apiKey');
    expect(minted.token).toMatch(/^cwk_[A-Za-z0-9_-]{43}$/);
    expect(minted.token.startsWith(minted.displayPrefix)).toBe(true);
    expect(minted.displayPrefix.length).toBeLessThan(minted.token.length / 3);
    expect(minted.hash.equals(hashToken(minted.token))).toBe(true);
  });

  it('tells the kinds apart by prefix', () => {
    expect(tokenKindOf(mintToken('session').token)).toBe('session');
    expect(tokenKindOf(mintToken('oauthAccess').token)).toBe('oauthAccess');
    expect(tokenKindOf('nope')).toBeNull();
  });

  it('never mints the same token twice', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => mintToken('apiKey').token));
    expect(tokens.size).toBe(1000);
  });
});
