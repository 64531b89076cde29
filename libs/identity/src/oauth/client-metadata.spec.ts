import { checkClientMetadata, redirectUriProblem } from './client-metadata';

describe('client registration rules', () => {
  it.each([
    'https://claude.ai/api/mcp/auth_callback',
    'http://127.0.0.1:6274/oauth/callback',
    'http://localhost:33418/callback',
    'cursor://anysphere.cursor-retrieval/oauth/callback',
  ])('accepts %s', (uri) => expect(redirectUriProblem(uri)).toBeUndefined());

  it.each([
    'http://app.example/cb',
    'javascript:alert(1)',
    'data:text/html,x',
    'https://app.example/cb#fragment',
    'https://user:pass@app.example/cb',
    '/relative/cb',
  ])('refuses %s', (uri) => expect(redirectUriProblem(uri)).toBeDefined());

  it('registers public clients only', () => {
    expect(
      checkClientMetadata({
        redirect_uris: ['https://app.example/cb'],
        token_endpoint_auth_method: 'client_secret_post',
      }),
    ).toMatchObject({ ok: false, error: 'invalid_client_metadata' });
    expect(checkClientMetadata({ redirect_uris: [] })).toMatchObject({
      ok: false,
      error: 'invalid_redirect_uri',
    });
    expect(
      checkClientMetadata({ redirect_uris: ['https://app.example/cb'], grant_types: ['password'] }),
    ).toMatchObject({ ok: false });
  });

  it('names an unnamed client after its redirect host', () => {
    expect(checkClientMetadata({ redirect_uris: ['https://app.example/cb'] })).toMatchObject({
      ok: true,
      metadata: { clientName: 'app.example', redirectUris: ['https://app.example/cb'] },
    });
  });
});
