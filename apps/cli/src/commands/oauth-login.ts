import { unwrap } from '@cw/api-client';
import open from 'open';
import { type CliContext, tokenPrefix } from '../context';
import { CliError, ExitCode, usageError } from '../exit-codes';
import { readyClient } from '../oauth/client-registration';
import { expiresAt, requestTokens } from '../oauth/oauth-tokens';
import { newPkcePair } from '../oauth/pkce';

export interface BrowserLoginOptions {
  browser: boolean;
  scopes?: string;
  timeout: number;
}

const SCOPE_NAME = /^[a-z]+:[a-z]+$/;

/** `offline_access` always, for the refresh token; alone it grants the six default scopes. */
function scopeParameter(scopes: string | undefined): string {
  const named = (scopes ?? '')
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const bad = named.find((scope) => !SCOPE_NAME.test(scope));
  if (bad) throw usageError(`"${bad}" is not a scope name (for example wiki:read)`);
  return [...new Set([...named, 'offline_access'])].join(' ');
}

/**
 * OAuth 2.1 authorization code with PKCE and a loopback redirect (RFC 8252): the browser signs
 * the person in and asks for consent; cw receives the code on 127.0.0.1 and exchanges it.
 */
export async function loginWithBrowser(
  context: CliContext,
  options: BrowserLoginOptions,
): Promise<void> {
  const scope = scopeParameter(options.scopes);
  const url = await context.baseUrl();
  const api = await context.anonymousClient();
  const metadata = unwrap(await api.GET('/.well-known/oauth-authorization-server'));
  if (!metadata.code_challenge_methods_supported.includes('S256'))
    throw new CliError(`${url} does not offer PKCE with S256`, ExitCode.failed);
  const { client, receiver } = await readyClient(api, context.store, context.profile, url, (text) =>
    context.out.note(text),
  );
  try {
    const pkce = newPkcePair();
    const authorize = new URL(metadata.authorization_endpoint);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: client.redirect_uri,
      scope,
      state: pkce.state,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    }))
      authorize.searchParams.set(name, value);
    context.out.note(`Sign in and approve cw in the browser:\n  ${authorize.href}`);
    if (options.browser)
      await open(authorize.href).catch(() =>
        context.out.note('Could not open a browser; open the address above.'),
      );
    const code = await receiver.waitForCode(pkce.state, options.timeout * 1000);
    const tokens = await requestTokens(
      api,
      {
        grant_type: 'authorization_code',
        client_id: client.client_id,
        code,
        redirect_uri: client.redirect_uri,
        code_verifier: pkce.verifier,
      },
      'the code exchange',
    );
    await context.store.saveClient(context.profile, { ...client, signed_in: true });
    await context.store.save(context.profile, {
      url,
      kind: 'oauth',
      token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      expires_at: expiresAt(tokens),
      client_id: client.client_id,
      saved_at: new Date().toISOString(),
    });
    const summary = unwrap(
      await (await context.client()).GET('/api/home/summary', { params: { query: { limit: 1 } } }),
    );
    const answer = {
      profile: context.profile,
      url,
      kind: 'oauth',
      token_prefix: tokenPrefix(tokens.access_token),
      scope: tokens.scope,
      company: summary.company,
    };
    context.out.result(answer, () =>
      context.out.line(
        `Signed in to ${url} as ${summary.company.name} (profile ${context.profile}, scopes ${tokens.scope}).`,
      ),
    );
  } finally {
    receiver.close();
  }
}
