import { Controller, Get, Module } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { CurrentActor, RoutePolicy } from '@cw/platform';
import { CredentialRevocationChannel } from '@cw/queue';
import {
  approveAuthorization,
  authorizeUrlOf,
  consentFormFields,
  call,
  createApiKey,
  oauthTokenRequest,
  pkcePair,
  registerOAuthClient,
  signInTestPerson,
  type SignedInTestPerson,
  type TestApp,
} from '@cw/testing';
import { SCOPES } from '@cw/domain';
import { DataSource } from 'typeorm';
import { accessTokenTimes, ageAccessToken, storedTokenForms } from '@cw/identity/testing';
import { startAuthTestApp } from './auth-test-app';

@Controller('probe')
class ProbeController {
  @Get('wiki')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  wiki(@CurrentActor() actor: Actor): { kind: string; person: string } {
    return { kind: actor.credential.kind, person: actor.personId };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

const REDIRECT = 'http://127.0.0.1:6274/oauth/callback';
const SIX = [...SCOPES].sort();

describe('OAuth 2.1 (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let base: string;
  let person: SignedInTestPerson;
  let clientId: string;

  beforeAll(async () => {
    server = await startAuthTestApp({ modules: [ProbeModule] });
    base = server.baseUrl;
    person = await signInTestPerson(base, { company: 'OAuth Co' });
    clientId = await registerOAuthClient(base, REDIRECT, 'Inspector <b>&</b>');
  });
  afterAll(() => server.close());

  /** A browser approves: the code the client receives, and its PKCE verifier. */
  async function authorize(scope?: string, who: SignedInTestPerson = person, client = clientId) {
    const pkce = pkcePair();
    const redirect = await approveAuthorization(
      base,
      who.cookie,
      authorizeUrlOf(base, {
        client_id: client,
        redirect_uri: REDIRECT,
        state: 'state-1',
        code_challenge: pkce.challenge,
        scope,
      }),
    );
    expect(redirect.searchParams.get('state')).toBe('state-1');
    const code = redirect.searchParams.get('code')!;
    expect(code).toBeTruthy();
    return { code, verifier: pkce.verifier };
  }

  const exchange = (code: string, verifier: string, client = clientId) =>
    oauthTokenRequest(base, {
      grant_type: 'authorization_code',
      client_id: client,
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });

  /** Authorizes and exchanges: the token answer of a fresh sign-in. */
  async function signIn(scope?: string, who: SignedInTestPerson = person, client = clientId) {
    const { code, verifier } = await authorize(scope, who, client);
    const answer = await exchange(code, verifier, client);
    expect(answer.status).toBe(200);
    return { ...answer.body, code, verifier };
  }

  const probe = (token: string) => call(base, 'GET', '/probe/wiki', { token });

  it('publishes RFC 8414 and RFC 9728 metadata, the latter also for /mcp', async () => {
    const server8414 = await call(base, 'GET', '/.well-known/oauth-authorization-server');
    expect(server8414.body).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/api/oauth/authorize`,
      token_endpoint: `${base}/api/oauth/token`,
      registration_endpoint: `${base}/api/oauth/register`,
      revocation_endpoint: `${base}/api/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(server8414.body.scopes_supported).toEqual(
      expect.arrayContaining([...SIX, 'billing:read', 'operator:all', 'offline_access']),
    );
    const mcp = await call(base, 'GET', '/.well-known/oauth-protected-resource/mcp');
    expect(mcp.body).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [base] });
    // What a client following the MCP authorization spec asks for: the six, no extra scope.
    expect(mcp.body.scopes_supported).toEqual([...SIX]);
    const api = await call(base, 'GET', '/.well-known/oauth-protected-resource');
    expect(api.body).toMatchObject({ resource: base, authorization_servers: [base] });
  });

  it('registers public clients only, with safe redirect URIs', async () => {
    const register = (body: unknown) =>
      call(base, 'POST', '/api/oauth/register', { body: body as Record<string, unknown> });
    const ok = await register({ redirect_uris: ['https://claude.ai/api/mcp/auth_callback'] });
    expect(ok.status).toBe(201);
    expect(ok.body.client_id).toMatch(/^cwc_/);
    expect(ok.body).not.toHaveProperty('client_secret');
    for (const uri of ['http://evil.example/cb', 'javascript:alert(1)', 'https://a.example/cb#x']) {
      const refused = await register({ redirect_uris: [uri] });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'invalid_redirect_uri' });
      expect(refused.body).not.toHaveProperty('success');
    }
    const secretClient = await register({
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect(secretClient.body).toMatchObject({ error: 'invalid_client_metadata' });
  });

  it('issues cwa_ tokens that act like API keys; omitted scope grants the six', async () => {
    const tokens = await signIn();
    expect(tokens.access_token).toMatch(/^cwa_/);
    expect(tokens.expires_in).toBe(30 * 24 * 60 * 60);
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.scope!.split(' ').sort()).toEqual([
      'ops:read',
      'wiki:read',
      'wiki:write',
      'workflows:read',
      'workflows:run',
      'workflows:write',
    ]);
    const probed = await probe(tokens.access_token!);
    expect(probed.status).toBe(200);
    expect(probed.body).toEqual({ kind: 'oauth_access', person: person.personId });
    const keyRoute = await call(base, 'GET', '/api/auth/api-keys', { token: tokens.access_token });
    expect(keyRoute.status).toBe(403);
    expect(keyRoute.body).toMatchObject({ error: { code: 'ACCESS_DENIED' } });
  });

  it('rotates refresh tokens, and a reused one ends the whole sign-in', async () => {
    const first = await signIn('wiki:read offline_access');
    expect(first.refresh_token).toMatch(/^cwr_/);
    const refreshed = await oauthTokenRequest(base, {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: first.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toMatch(/^cwr_/);
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect((await probe(refreshed.body.access_token!)).status).toBe(200);

    const reused = await oauthTokenRequest(base, {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: first.refresh_token,
    });
    expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await probe(refreshed.body.access_token!)).status).toBe(401);
    expect((await probe(first.access_token!)).status).toBe(401);
    const afterReuse = await oauthTokenRequest(base, {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: refreshed.body.refresh_token,
    });
    expect(afterReuse.body.error).toBe('invalid_grant');
  });

  it('lets exactly one of parallel refreshes through, and ends the sign-in for the others', async () => {
    const tokens = await signIn('wiki:read offline_access');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        oauthTokenRequest(base, {
          grant_type: 'refresh_token',
          client_id: clientId,
          refresh_token: tokens.refresh_token,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
    expect(
      answers.filter((answer) => answer.body.error === 'invalid_grant').length,
    ).toBeGreaterThanOrEqual(4);
    for (const answer of answers) {
      if (answer.body.access_token)
        expect((await probe(answer.body.access_token)).status).toBe(401);
    }
  });

  it('spends a code once; a replay revokes the tokens issued from it', async () => {
    const tokens = await signIn('wiki:read');
    const replay = await oauthTokenRequest(base, {
      grant_type: 'authorization_code',
      client_id: clientId,
      code: tokens.code,
      redirect_uri: REDIRECT,
      code_verifier: tokens.verifier,
    });
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await probe(tokens.access_token!)).status).toBe(401);
  });

  it('exchanges a code at most once under parallel exchanges, and the replays end it', async () => {
    const { code, verifier } = await authorize();
    const answers = await Promise.all([1, 2, 3].map(() => exchange(code, verifier)));
    const issued = answers.filter((answer) => answer.status === 200);
    // Which one wins the code depends on timing; the two others are replays, refused...
    expect(answers.filter((answer) => answer.body.error === 'invalid_grant')).toHaveLength(
      3 - issued.length,
    );
    expect(issued.length).toBeLessThanOrEqual(1);
    // ...and a replay ends whatever the winner was issued, whether before or after it.
    for (const answer of issued) expect((await probe(answer.body.access_token!)).status).toBe(401);
    expect((await exchange(code, verifier)).body.error).toBe('invalid_grant');
  });

  it('refuses a wrong verifier, a wrong redirect URI and a missing PKCE or state', async () => {
    const { code } = await authorize();
    const wrongVerifier = await exchange(code, pkcePair().verifier);
    const pkce = pkcePair();
    expect(wrongVerifier).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const noPkce = await fetch(
      authorizeUrlOf(base, { client_id: clientId, redirect_uri: REDIRECT, state: 's' }),
      { headers: { cookie: `session_token=${person.cookie}` }, redirect: 'manual' },
    );
    expect(noPkce.status).toBe(303);
    const noPkceTarget = new URL(noPkce.headers.get('location')!);
    expect(`${noPkceTarget.origin}${noPkceTarget.pathname}`).toBe(REDIRECT);
    expect(noPkceTarget.searchParams.get('error')).toBe('invalid_request');
    expect(noPkceTarget.searchParams.get('state')).toBe('s');

    const badState = await fetch(
      authorizeUrlOf(base, {
        client_id: clientId,
        redirect_uri: REDIRECT,
        state: 'x'.repeat(501),
        code_challenge: pkce.challenge,
      }),
      { headers: { cookie: `session_token=${person.cookie}` }, redirect: 'manual' },
    );
    const badStateTarget = new URL(badState.headers.get('location')!);
    expect(badStateTarget.searchParams.get('error')).toBe('invalid_request');
    expect(badStateTarget.searchParams.has('state')).toBe(false);

    for (const redirectUri of [`${REDIRECT}/`, 'https://evil.example/cb', `${REDIRECT}?x=1`]) {
      const mismatch = await fetch(
        authorizeUrlOf(base, {
          client_id: clientId,
          redirect_uri: redirectUri,
          state: 's',
          code_challenge: pkce.challenge,
        }),
        { headers: { cookie: `session_token=${person.cookie}` }, redirect: 'manual' },
      );
      expect(mismatch.status).toBe(400);
      expect(mismatch.headers.get('location')).toBeNull();
      expect(mismatch.headers.get('content-type')).toMatch(/text\/html/);
    }
  });

  it('shows a consent page naming the client (escaped) and the scopes; a forged form is refused', async () => {
    const pkce = pkcePair();
    const url = authorizeUrlOf(base, {
      client_id: clientId,
      redirect_uri: REDIRECT,
      state: 's',
      code_challenge: pkce.challenge,
      scope: 'wiki:read billing:read',
    });
    const page = await fetch(url, { headers: { cookie: `session_token=${person.cookie}` } });
    const html = await page.text();
    expect(html).toContain('Inspector &lt;b&gt;&amp;&lt;/b&gt;');
    expect(html).toContain('billing:read');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const signedOut = await fetch(url);
    expect(await signedOut.text()).toContain('action="/api/oauth/sign-in"');

    // The genuine form of one browser session, posted with another session's cookie (a page
    // that lured a signed-in person), and that form with a changed request: both refused.
    const genuine = consentFormFields(html);
    const postForm = (cookie: string, fields: Record<string, string>) =>
      fetch(`${base}/api/oauth/authorize`, {
        method: 'POST',
        headers: {
          cookie: `session_token=${cookie}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ ...fields, decision: 'approve' }).toString(),
        redirect: 'manual',
      });
    const other = await signInTestPerson(base, { company: 'OAuth Co' });
    for (const [cookie, fields] of [
      [other.cookie, genuine],
      [person.cookie, { ...genuine, scope: 'wiki:write' }],
    ] as const) {
      const refused = await postForm(cookie, fields);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('location')).toBeNull();
    }
    const approved = await postForm(person.cookie, genuine);
    expect(approved.status).toBe(303);
    expect(new URL(approved.headers.get('location')!).searchParams.get('code')).toBeTruthy();
  });

  it('approves a PKCE request without state (OAuth 2.1), its redirect carrying none', async () => {
    const pkce = pkcePair();
    const redirect = await approveAuthorization(
      base,
      person.cookie,
      authorizeUrlOf(base, {
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: pkce.challenge,
      }),
    );
    expect(redirect.searchParams.has('state')).toBe(false);
    const issued = await exchange(redirect.searchParams.get('code')!, pkce.verifier);
    expect(issued.status).toBe(200);
    expect(issued.body.scope!.split(' ').sort()).toEqual(SIX);
    expect((await probe(issued.body.access_token!)).status).toBe(200);
    const denied = await approveAuthorization(
      base,
      person.cookie,
      authorizeUrlOf(base, {
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: pkcePair().challenge,
      }),
      'deny',
    );
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.has('state')).toBe(false);
  });

  describe('extra scopes on the consent page', () => {
    /** Opens the consent page and approves it with these optional scopes ticked. */
    async function approveTicking(scope: string, ticked: string[]) {
      const pkce = pkcePair();
      const cookie = `session_token=${person.cookie}`;
      const page = await fetch(
        authorizeUrlOf(base, {
          client_id: clientId,
          redirect_uri: REDIRECT,
          state: 's',
          code_challenge: pkce.challenge,
          scope,
        }),
        { headers: { cookie } },
      );
      const html = await page.text();
      const form = new URLSearchParams({ ...consentFormFields(html), decision: 'approve' });
      for (const each of ticked) form.append('extra_scope', each);
      const answer = await fetch(`${base}/api/oauth/authorize`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      });
      const location = answer.headers.get('location');
      return {
        html,
        status: answer.status,
        redirect: location ? new URL(location) : undefined,
        pkce,
      };
    }

    async function grantedScopes(scope: string, ticked: string[]) {
      const { redirect, pkce } = await approveTicking(scope, ticked);
      const issued = await exchange(redirect!.searchParams.get('code')!, pkce.verifier);
      expect(issued.status).toBe(200);
      return issued.body.scope!.split(' ').sort();
    }

    const EVERY_LISTED = `${SIX.join(' ')} billing:read operator:all`;

    it('offers billing:read and operator:all unticked: a client asking for all nine gets the six', async () => {
      const { html } = await approveTicking(EVERY_LISTED, []);
      expect(html).toMatch(/<input type="checkbox" name="extra_scope" value="billing:read">/);
      expect(html).not.toMatch(/checked/);
      expect(await grantedScopes(EVERY_LISTED, [])).toEqual(SIX);
    });

    it('grants an extra scope the person ticks, and only that one', async () => {
      expect(await grantedScopes(EVERY_LISTED, ['billing:read'])).toEqual(
        [...SIX, 'billing:read'].sort(),
      );
      expect(await grantedScopes('wiki:read operator:all', ['operator:all'])).toEqual([
        'operator:all',
        'wiki:read',
      ]);
    });

    it('refuses a form ticking a scope the request did not offer, issuing nothing', async () => {
      const forged = await approveTicking('wiki:read billing:read', ['operator:all']);
      expect(forged.status).toBe(400);
      expect(forged.redirect).toBeUndefined();
      expect(forged.html).toBeTruthy();
    });

    it('answers access_denied when a request for extra scopes only is approved with none ticked', async () => {
      const { status, redirect } = await approveTicking('billing:read', []);
      expect(status).toBe(303);
      expect(redirect!.searchParams.get('error')).toBe('access_denied');
      expect(redirect!.searchParams.get('state')).toBe('s');
      expect(redirect!.searchParams.has('code')).toBe(false);
    });
  });

  it('challenges an unknown bearer token with invalid_token, a missing one with no error', async () => {
    const missing = await call(base, 'GET', '/probe/wiki');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    const tokens = await signIn('wiki:read');
    const revoked = await fetch(`${base}/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.access_token!, client_id: clientId }).toString(),
    });
    expect(revoked.status).toBe(200);
    for (const token of ['cwa_not-a-real-token', tokens.access_token!]) {
      const refused = await probe(token);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    }
  });

  describe('revocation checks the client (RFC 7009 2.1)', () => {
    const revoke = (fields: Record<string, string>) =>
      fetch(`${base}/api/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }).then(async (answer) => ({
        status: answer.status,
        body: (await answer.json()) as Record<string, unknown>,
      }));

    it("leaves another client's token alone, even under parallel attempts", async () => {
      const tokens = await signIn('wiki:read offline_access');
      const other = await registerOAuthClient(base, REDIRECT, 'Another client');
      const attempts = await Promise.all(
        [tokens.refresh_token!, tokens.access_token!, tokens.refresh_token!].map((token) =>
          revoke({ token, client_id: other }),
        ),
      );
      for (const attempt of attempts) {
        expect(attempt).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
      }
      expect((await probe(tokens.access_token!)).status).toBe(200);
      const refreshed = await oauthTokenRequest(base, {
        grant_type: 'refresh_token',
        client_id: clientId,
        refresh_token: tokens.refresh_token,
      });
      expect(refreshed.status).toBe(200);

      const own = await Promise.all(
        [1, 2, 3].map(() => revoke({ token: refreshed.body.refresh_token!, client_id: clientId })),
      );
      for (const answer of own) expect(answer).toEqual({ status: 200, body: { revoked: true } });
      expect((await probe(refreshed.body.access_token!)).status).toBe(401);
    });

    it('refuses a missing or unknown client_id and answers 200 for an unknown token', async () => {
      const tokens = await signIn('wiki:read');
      const refusedForms: Record<string, string>[] = [
        { token: tokens.access_token! },
        { token: tokens.access_token!, client_id: 'cwc_AAAAAAAAAAAAAAAAAAAAAA' },
        { token: tokens.access_token!, client_id: 'not an id\u0000' },
      ];
      for (const fields of refusedForms) {
        expect(await revoke(fields)).toMatchObject({
          status: 401,
          body: { error: 'invalid_client' },
        });
      }
      expect((await probe(tokens.access_token!)).status).toBe(200);
      expect(await revoke({ token: 'cwa_unknown', client_id: clientId })).toEqual({
        status: 200,
        body: { revoked: true },
      });
    });
  });

  it('lists a person’s OAuth sign-ins and ends one at once (session only)', async () => {
    const browser = await signInTestPerson(base, { company: 'OAuth Co' });
    const tokens = await signIn('wiki:read offline_access', browser);
    const listed = await call<{
      oauth_sign_ins: { id: string; client_name: string; offline_access: boolean }[];
    }>(base, 'GET', '/api/auth/oauth-sign-ins', { cookie: browser.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.oauth_sign_ins).toEqual([
      expect.objectContaining({ client_name: 'Inspector <b>&</b>', offline_access: true }),
    ]);
    const [{ id }] = listed.body.oauth_sign_ins;
    const path = `/api/auth/oauth-sign-ins/${id}`;
    expect((await call(base, 'DELETE', path, { token: tokens.access_token })).status).toBe(403);
    expect((await call(base, 'DELETE', path, { cookie: person.cookie })).status).toBe(404);
    expect((await probe(tokens.access_token!)).status).toBe(200);
    expect((await call(base, 'DELETE', path, { cookie: browser.cookie })).status).toBe(204);
    expect((await call(base, 'DELETE', path, { cookie: browser.cookie })).status).toBe(204);
    expect((await probe(tokens.access_token!)).status).toBe(401);
    const after = await call<{ oauth_sign_ins: unknown[] }>(
      base,
      'GET',
      '/api/auth/oauth-sign-ins',
      {
        cookie: browser.cookie,
      },
    );
    expect(after.body.oauth_sign_ins).toEqual([]);
  });

  it('exchanges a code only for the resource it was authorized for (RFC 8707)', async () => {
    const pkce = pkcePair();
    const redirect = await approveAuthorization(
      base,
      person.cookie,
      authorizeUrlOf(base, {
        client_id: clientId,
        redirect_uri: REDIRECT,
        state: 's',
        code_challenge: pkce.challenge,
        resource: `${base}/mcp`,
      }),
    );
    const code = redirect.searchParams.get('code')!;
    const exchangeFor = (resource: string) =>
      oauthTokenRequest(base, {
        grant_type: 'authorization_code',
        client_id: clientId,
        code,
        redirect_uri: REDIRECT,
        code_verifier: pkce.verifier,
        resource,
      });
    for (const other of [base, 'https://elsewhere.example/mcp']) {
      const refused = await exchangeFor(other);
      expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_target' } });
    }
    const issued = await exchangeFor(`${base}/mcp/`);
    expect(issued.status).toBe(200);
    expect((await probe(issued.body.access_token!)).status).toBe(200);
  });

  it('approves a scope written with stray whitespace, issuing exactly its names', async () => {
    const tokens = await signIn(' wiki:read\twiki:write ');
    expect(tokens.scope).toBe('wiki:read wiki:write');
  });

  it('authorizing the same client again ends the earlier sign-in', async () => {
    const first = await signIn('wiki:read offline_access');
    const second = await signIn('wiki:read');
    expect((await probe(first.access_token!)).status).toBe(401);
    expect((await probe(second.access_token!)).status).toBe(200);
  });

  it('revocation and sign-out end sign-ins at once', async () => {
    const revoked = await signIn('wiki:read offline_access');
    const answer = await fetch(`${base}/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: revoked.refresh_token!, client_id: clientId }).toString(),
    });
    expect(answer.status).toBe(200);
    expect((await probe(revoked.access_token!)).status).toBe(401);

    const browser = await signInTestPerson(base, { company: 'OAuth Co' });
    const tokens = await signIn('wiki:read offline_access', browser);
    expect((await probe(tokens.access_token!)).status).toBe(200);
    const signOut = await call(base, 'POST', '/api/auth/sign-out', { cookie: browser.cookie });
    expect(signOut.status).toBe(200);
    expect((await probe(tokens.access_token!)).status).toBe(401);
    const refresh = await oauthTokenRequest(base, {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('counts OAuth sign-ins with API keys toward the 25-token cap', async () => {
    const capped = await signInTestPerson(base, { company: 'OAuth Co' });
    for (let index = 0; index < 24; index += 1)
      await createApiKey(base, capped.cookie, ['wiki:read']);
    const clients = await Promise.all(
      [1, 2].map((n) => registerOAuthClient(base, REDIRECT, `Cap client ${n}`)),
    );
    await signIn('wiki:read', capped, clients[0]);
    const { code, verifier } = await authorize('wiki:read', capped, clients[1]);
    const refused = await exchange(code, verifier, clients[1]);
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(refused.body.error_description).toMatch(/25 live tokens/);
    const key = await call(base, 'POST', '/api/auth/api-keys', {
      cookie: capped.cookie,
      body: { name: 'one too many', scopes: ['wiki:read'] },
    });
    expect(key.status).toBe(409);
    // Authorizing the same client again replaces its sign-in: still within the cap.
    await signIn('wiki:read', capped, clients[0]);
  });

  it('answers token errors in the OAuth format, never the envelope', async () => {
    const unknownGrant = await oauthTokenRequest(base, {
      grant_type: 'password',
      client_id: clientId,
    });
    expect(unknownGrant.status).toBe(400);
    expect(Object.keys(unknownGrant.body).sort()).toEqual(['error', 'error_description']);
    const unknownClient = await oauthTokenRequest(base, {
      grant_type: 'refresh_token',
      client_id: 'cwc_unknown',
      refresh_token: 'cwr_x',
    });
    expect(unknownClient.body.error).toBe('invalid_client');
    // Refused before the handler, by the body parser: still the OAuth format.
    for (const [contentType, body, status] of [
      ['application/xml', '<grant/>', 415],
      ['application/json', '{"grant_type":', 400],
    ] as const) {
      const refused = await fetch(`${base}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
      expect(refused.status).toBe(status);
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expect(Object.keys((await refused.json()) as object).sort()).toEqual([
        'error',
        'error_description',
      ]);
    }
  });

  it('restarts the 30 days on use, writing at most once a minute', async () => {
    const { access_token: token } = await signIn('wiki:read');
    const dataSource = server.app.get(DataSource);
    // Used 40 s ago: this use is within the minute, so nothing is written.
    await ageAccessToken(dataSource, token!, 40);
    const before = await accessTokenTimes(dataSource, token!);
    expect((await probe(token!)).status).toBe(200);
    expect(await accessTokenTimes(dataSource, token!)).toEqual(before);
    // Used 2 minutes ago (and a fresh credential cache entry): the 30 days restart now.
    await ageAccessToken(dataSource, token!, 120);
    await server.app
      .get(CredentialRevocationChannel)
      .publish({ type: 'person', personId: person.personId });
    expect((await probe(token!)).status).toBe(200);
    const after = await accessTokenTimes(dataSource, token!);
    const thirtyDays = 30 * 24 * 60 * 60 * 1000;
    expect(after.expiresAt.getTime() - Date.now()).toBeGreaterThan(thirtyDays - 60_000);
    expect(Date.now() - after.lastUsedAt.getTime()).toBeLessThan(60_000);
  });

  it('stores only the SHA-256 of access and refresh tokens', async () => {
    const tokens = await signIn('wiki:read offline_access');
    const dataSource = server.app.get(DataSource);
    for (const token of [tokens.access_token!, tokens.refresh_token!]) {
      expect(await storedTokenForms(dataSource, token)).toEqual({ hashed: 1, plain: 0 });
    }
  });
});
