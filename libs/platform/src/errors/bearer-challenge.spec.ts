import { AppError } from './app-error';
import { bearerChallenge } from './bearer-challenge';

describe('bearer challenges (RFC 6750 §3)', () => {
  it('names no error when no credential was sent', () => {
    expect(bearerChallenge()).toBe('Bearer');
    expect(AppError.authRequired().headers['WWW-Authenticate']).toBe('Bearer');
  });

  it('answers a token that does not resolve with invalid_token and its description', () => {
    const refused = AppError.invalidToken();
    expect(refused.status).toBe(401);
    expect(refused.headers['WWW-Authenticate']).toBe(
      'Bearer error="invalid_token", error_description="The token is invalid, expired or revoked."',
    );
  });

  it('keeps quoted values quoted: no quote, backslash or control character gets through', () => {
    expect(bearerChallenge({ error: 'invalid_token', description: 'a "b"\\c\nd' })).toBe(
      'Bearer error="invalid_token", error_description="a bcd"',
    );
  });

  it('lists scope and resource_metadata after the error, as MCP clients read them', () => {
    expect(
      bearerChallenge({
        scope: ['wiki:read', 'wiki:write'],
        resourceMetadata: 'https://wiki.example/.well-known/oauth-protected-resource/mcp',
      }),
    ).toBe(
      'Bearer scope="wiki:read wiki:write", resource_metadata="https://wiki.example/.well-known/oauth-protected-resource/mcp"',
    );
  });

  it('names the step-up scope of an insufficient_scope refusal: held scopes and the first needed', () => {
    const refused = AppError.insufficientScope(['wiki:write', 'workflows:write'], ['wiki:read']);
    expect(refused.details).toEqual({
      error: 'insufficient_scope',
      scope: 'wiki:write workflows:write',
      request_scope: 'wiki:read wiki:write',
    });
    expect(refused.headers['WWW-Authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="wiki:write workflows:write"',
    );
  });
});
