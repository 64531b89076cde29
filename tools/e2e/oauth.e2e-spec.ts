import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { approveAuthorization, call, signInTestPerson } from '@cw/testing';
import * as oauth from 'oauth4webapi';
import { chromium } from 'playwright-core';
import { ensureChromiumBinary } from '../local-stack/binaries';
import { type E2eSystem, REPO_ROOT, setPasswordWithAdminCli, startE2eSystem } from './e2e-system';

/** The README's picture is refreshed on request only, so that a test run leaves the tree clean. */
const SCREENSHOT = process.env.UPDATE_SCREENSHOTS
  ? join(REPO_ROOT, 'docs/images/oauth-consent.png')
  : join(REPO_ROOT, 'dist/screenshots/oauth-consent.png');
const PASSWORD = 'correct horse battery staple';
/** The system runs on loopback http: the client library must be told that is fine here. */
const LOOPBACK = { [oauth.allowInsecureRequests]: true };

/** A client's redirect endpoint: answers a small page. */
async function startRedirectReceiver(): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>Connected.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/callback`,
    server,
  };
}

describe('OAuth 2.1 through the six processes, with a real client library and a real browser', () => {
  let system: E2eSystem;
  let gateway: string;
  let receiver: Awaited<ReturnType<typeof startRedirectReceiver>>;

  beforeAll(async () => {
    system = await startE2eSystem('oauth');
    gateway = system.gatewayUrl;
    receiver = await startRedirectReceiver();
  }, 120_000);

  afterAll(async () => {
    receiver?.server.close();
    await system?.stop();
  });

  it('runs register → authorize → consent → exchange → REST and /mcp → refresh → reuse ends the sign-in', async () => {
    const person = await signInTestPerson(gateway, { company: 'OAuth e2e Co' });
    const issuer = new URL(gateway);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...LOOPBACK }),
    );
    const client = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          redirect_uris: [receiver.url],
          client_name: 'oauth4webapi e2e',
          token_endpoint_auth_method: 'none',
        },
        LOOPBACK,
      ),
    );
    const refresh = async (refreshToken: string): Promise<oauth.TokenEndpointResponse> =>
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, LOOPBACK),
      );
    expect(client.client_id).toMatch(/^cwc_/);
    expect(client.client_secret).toBeUndefined();

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const resource = `${gateway}/mcp`;
    const authorizationUrl = new URL(as.authorization_endpoint!);
    for (const [name, value] of Object.entries({
      client_id: client.client_id,
      redirect_uri: receiver.url,
      response_type: 'code',
      scope: 'wiki:read workflows:read offline_access',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      resource,
    }))
      authorizationUrl.searchParams.set(name, value);
    const callback = await approveAuthorization(gateway, person.cookie, authorizationUrl.href);
    const parameters = oauth.validateAuthResponse(as, client, callback, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        parameters,
        receiver.url,
        verifier,
        { ...LOOPBACK, additionalParameters: { resource } },
      ),
    );
    expect(tokens.access_token).toMatch(/^cwa_/);
    expect(tokens.expires_in).toBe(2592000);
    expect(tokens.refresh_token).toMatch(/^cwr_/);

    const search = await call(gateway, 'GET', '/api/wiki/search?q=runbook', {
      token: tokens.access_token,
    });
    expect(search.status).toBe(200);
    const mcp = new Client({ name: 'oauth-e2e', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(resource), {
        requestInit: { headers: { Authorization: `Bearer ${tokens.access_token}` } },
      }),
    );
    try {
      const { tools } = await mcp.listTools();
      expect(tools.map((tool) => tool.name)).toContain('search_wiki');
    } finally {
      await mcp.close();
    }

    const refreshed = await refresh(tokens.refresh_token!);
    expect(refreshed.refresh_token).toMatch(/^cwr_/);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const withNewToken = await call(gateway, 'GET', '/api/wiki/search?q=x', {
      token: refreshed.access_token,
    });
    expect(withNewToken.status).toBe(200);

    const reuse = refresh(tokens.refresh_token!);
    await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant' });
    for (const token of [tokens.access_token, refreshed.access_token]) {
      const refused = await call(gateway, 'GET', '/api/wiki/search?q=x', { token });
      expect(refused.status).toBe(401);
    }
    const mcpRefused = await fetch(resource, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${refreshed.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcpRefused.status).toBe(401);
    expect(mcpRefused.headers.get('www-authenticate')).toContain(
      '/.well-known/oauth-protected-resource/mcp',
    );
    const afterReuse = refresh(refreshed.refresh_token!);
    await expect(afterReuse).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('in Chromium: signs in with email and password, approves on the consent page, lands on the redirect with a code', async () => {
    const email = `browser-${process.pid}@example.test`;
    await signInTestPerson(gateway, { company: 'OAuth e2e Co', email });
    await setPasswordWithAdminCli(system, { email, name: 'Browser Person', password: PASSWORD });
    const register = await call<{ client_id: string }>(gateway, 'POST', '/api/oauth/register', {
      body: { redirect_uris: [receiver.url], client_name: 'Browser test client' },
    });
    const verifier = oauth.generateRandomCodeVerifier();
    const authorizationUrl = new URL(`${gateway}/api/oauth/authorize`);
    for (const [name, value] of Object.entries({
      client_id: register.body.client_id,
      redirect_uri: receiver.url,
      response_type: 'code',
      state: 'browser-state',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }))
      authorizationUrl.searchParams.set(name, value);

    const executablePath =
      process.env.CHROMIUM_PATH ?? (await ensureChromiumBinary((line) => console.log(line)));
    let code = '';
    const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.goto(authorizationUrl.href);
      await page.fill('#email', email);
      await page.fill('#password', PASSWORD);
      await page.click('#sign-in');
      await page.waitForSelector('#approve');
      expect(await page.textContent('#client-name')).toBe('Browser test client');
      await page.screenshot({ path: SCREENSHOT });
      await page.click('#approve');
      await page.waitForURL((url) => url.href.startsWith(receiver.url));
      const landed = new URL(page.url());
      expect(landed.searchParams.get('state')).toBe('browser-state');
      code = landed.searchParams.get('code') ?? '';
      expect(code).toBeTruthy();
    } finally {
      await browser.close();
    }
    const exchanged = await fetch(`${gateway}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: register.body.client_id,
        code,
        redirect_uri: receiver.url,
        code_verifier: verifier,
      }).toString(),
    });
    expect(exchanged.status).toBe(200);
  });
});
