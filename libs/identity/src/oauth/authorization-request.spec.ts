import fc from 'fast-check';
import { SCOPES } from '@cw/domain';
import { checkAuthorizationRequest, errorRedirect } from './authorization-request';

const CLIENT = { id: 'cwc_client', name: 'Client', redirectUris: ['https://app.example/cb'] };
const RESOURCES = ['https://wiki.example', 'https://wiki.example/mcp'];
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const VALID = {
  response_type: 'code',
  client_id: CLIENT.id,
  redirect_uri: CLIENT.redirectUris[0],
  state: 'xyz',
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
};

describe('checkAuthorizationRequest', () => {
  it('accepts a complete request and grants the six scopes when scope is omitted', () => {
    const check = checkAuthorizationRequest(VALID, CLIENT, RESOURCES);
    expect(check).toMatchObject({
      kind: 'valid',
      request: { state: 'xyz', requested: { scopes: [...SCOPES], optional: [], offline: false } },
    });
  });

  it('accepts a PKCE request without state (OAuth 2.1), and redirects its errors without one', () => {
    const check = checkAuthorizationRequest({ ...VALID, state: undefined }, CLIENT, RESOURCES);
    expect(check.kind).toBe('valid');
    expect(check.kind === 'valid' && 'state' in check.request && check.request.state).toBeFalsy();
    const failed = checkAuthorizationRequest(
      { ...VALID, state: undefined, code_challenge: undefined },
      CLIENT,
      RESOURCES,
    );
    expect(failed).toMatchObject({ kind: 'redirect_error', error: 'invalid_request' });
    if (failed.kind === 'redirect_error') {
      expect(new URL(errorRedirect(failed)).searchParams.has('state')).toBe(false);
    }
  });

  it('offers extra scopes as optional, and asking only for them offers nothing else', () => {
    const mixed = checkAuthorizationRequest(
      { ...VALID, scope: `${SCOPES.join(' ')} billing:read operator:all offline_access` },
      CLIENT,
      RESOURCES,
    );
    expect(mixed).toMatchObject({
      kind: 'valid',
      request: {
        requested: {
          scopes: [...SCOPES],
          optional: ['billing:read', 'operator:all'],
          offline: true,
        },
      },
    });
    const extraOnly = checkAuthorizationRequest(
      { ...VALID, scope: 'billing:read' },
      CLIENT,
      RESOURCES,
    );
    expect(extraOnly).toMatchObject({
      kind: 'valid',
      request: { requested: { scopes: [], optional: ['billing:read'] } },
    });
  });

  it('never redirects to a redirect URI that is not registered exactly', () => {
    fc.assert(
      fc.property(fc.webUrl(), (uri) => {
        fc.pre(uri !== CLIENT.redirectUris[0]);
        const check = checkAuthorizationRequest({ ...VALID, redirect_uri: uri }, CLIENT, RESOURCES);
        expect(check.kind).toBe('refused');
      }),
    );
    for (const near of [
      'https://app.example/cb/',
      'https://app.example/cb?x=1',
      'https://APP.example/cb',
    ])
      expect(
        checkAuthorizationRequest({ ...VALID, redirect_uri: near }, CLIENT, RESOURCES).kind,
      ).toBe('refused');
  });

  it('refuses an unknown client on the page', () => {
    expect(checkAuthorizationRequest(VALID, null, RESOURCES).kind).toBe('refused');
    expect(
      checkAuthorizationRequest({ ...VALID, client_id: ['a', 'b'] }, CLIENT, RESOURCES).kind,
    ).toBe('refused');
  });

  it.each([
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ state: 'tab\there' }, 'invalid_request'],
    [{ state: 'x'.repeat(501) }, 'invalid_request'],
    [{ state: ['a', 'b'] }, 'invalid_request'],
    [{ code_challenge: undefined }, 'invalid_request'],
    [{ code_challenge_method: 'plain' }, 'invalid_request'],
    [{ code_challenge: 'short' }, 'invalid_request'],
    [{ scope: 'wiki:read openid' }, 'invalid_scope'],
    [{ resource: 'https://elsewhere.example' }, 'invalid_target'],
  ])('sends %j back to the client as %s', (change, error) => {
    const check = checkAuthorizationRequest({ ...VALID, ...change }, CLIENT, RESOURCES);
    expect(check).toMatchObject({ kind: 'redirect_error', error });
    if (check.kind === 'redirect_error') {
      const url = new URL(errorRedirect(check));
      expect(url.origin + url.pathname).toBe(CLIENT.redirectUris[0]);
      expect(url.searchParams.get('error')).toBe(error);
    }
  });

  it('accepts the /mcp resource and offline_access', () => {
    const check = checkAuthorizationRequest(
      { ...VALID, resource: 'https://wiki.example/mcp', scope: 'wiki:read offline_access' },
      CLIENT,
      RESOURCES,
    );
    expect(check).toMatchObject({
      kind: 'valid',
      request: { requested: { scopes: ['wiki:read'], optional: [], offline: true } },
    });
  });
});
