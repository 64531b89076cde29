import { checkAuthorizationRequest } from './authorization-request';
import { matchesRegisteredRedirect } from './redirect-match';

describe('matchesRegisteredRedirect (RFC 8252 §7.3)', () => {
  it.each([
    ['http://127.0.0.1:51234/callback', 'http://127.0.0.1/callback'],
    ['http://127.0.0.1:51234/callback', 'http://127.0.0.1:8765/callback'],
    ['http://[::1]:40000/cb?x=1', 'http://[::1]/cb?x=1'],
    ['http://localhost:3333/oauth/callback', 'http://localhost:8090/oauth/callback'],
    ['https://app.example/cb', 'https://app.example/cb'],
  ])('accepts %s for the registered %s', (requested, registered) => {
    expect(matchesRegisteredRedirect(requested, registered)).toBe(true);
  });

  it.each([
    ['https://app.example:8443/cb', 'https://app.example/cb', 'a port of a web redirect'],
    ['http://127.0.0.1:5000/other', 'http://127.0.0.1/callback', 'another path'],
    ['http://127.0.0.1:5000/callback?next=x', 'http://127.0.0.1/callback', 'another query'],
    ['http://localhost:5000/callback', 'http://127.0.0.1/callback', 'another loopback name'],
    ['http://evil.example:80/callback', 'http://evil.example/callback', 'a host not loopback'],
    ['https://127.0.0.1:5000/callback', 'http://127.0.0.1/callback', 'another scheme'],
    ['http://user@127.0.0.1:5000/callback', 'http://127.0.0.1/callback', 'credentials'],
    ['http://127.0.0.1:5000/callback#x', 'http://127.0.0.1/callback', 'a fragment'],
    ['not a url', 'http://127.0.0.1/callback', 'garbage'],
  ])('refuses %s for %s (%s)', (requested, registered) => {
    expect(matchesRegisteredRedirect(requested, registered)).toBe(false);
  });

  it('lets an authorization request use the port its loopback listener got', () => {
    const client = { id: 'cwc_cli', name: 'cw', redirectUris: ['http://127.0.0.1/callback'] };
    const check = checkAuthorizationRequest(
      {
        response_type: 'code',
        client_id: client.id,
        redirect_uri: 'http://127.0.0.1:49152/callback',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      },
      client,
      ['https://wiki.example'],
    );
    expect(check).toMatchObject({
      kind: 'valid',
      request: { redirectUri: 'http://127.0.0.1:49152/callback' },
    });
  });
});
