import { hashWebhookToken, mintWebhookToken, webhookTokenMatches } from './webhook-token';

describe('webhook link tokens', () => {
  it('mints 32 random bytes as base64url and keeps only their SHA-256', () => {
    const first = mintWebhookToken();
    const second = mintWebhookToken();
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.token).not.toBe(second.token);
    expect(first.hash).toEqual(hashWebhookToken(first.token));
    expect(first.hash).toHaveLength(32);
  });

  it('matches the token it was minted with and nothing else', () => {
    const { token, hash } = mintWebhookToken();
    expect(webhookTokenMatches(token, hash)).toBe(true);
    expect(webhookTokenMatches(`${token}x`, hash)).toBe(false);
    expect(webhookTokenMatches(token, Buffer.alloc(0))).toBe(false);
  });
});
