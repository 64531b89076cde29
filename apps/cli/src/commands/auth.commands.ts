import { unwrap } from '@cw/api-client';
import type { Command } from 'commander';
import { type CliContext, DEFAULT_URL, kindOf, tokenPrefix } from '../context';
import { usageError } from '../exit-codes';
import { readStream, stdinIsTerminal } from '../input/stdin';
import { action, integerIn } from './command-kit';
import { type BrowserLoginOptions, loginWithBrowser } from './oauth-login';

const KEY_FORMAT = /^cw[ka]_[A-Za-z0-9_-]{16,}$/;

async function login(
  context: CliContext,
  options: BrowserLoginOptions & { withKey?: boolean },
): Promise<void> {
  if (!options.withKey) return loginWithBrowser(context, options);
  if (stdinIsTerminal()) context.out.note('Paste the API key, then press Ctrl-D:');
  const token = (await readStream(process.stdin, 'the key', 4096)).trim();
  if (!KEY_FORMAT.test(token))
    throw usageError('stdin does not hold an API key (cwk_…) or access token (cwa_…)');
  const url = await context.baseUrl();
  const client = await context.anonymousClient();
  // The key is proven before it is stored: a wrong one is refused here, not at the next command.
  const summary = unwrap(
    await client.GET('/api/home/summary', {
      params: { query: { limit: 1 } },
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  await context.store.save(context.profile, {
    url,
    token,
    kind: kindOf(token),
    saved_at: new Date().toISOString(),
  });
  const answer = {
    profile: context.profile,
    url,
    kind: kindOf(token),
    token_prefix: tokenPrefix(token),
    company: summary.company,
  };
  context.out.result(answer, () =>
    context.out.line(
      `Signed in to ${url} as ${summary.company.name} (profile ${context.profile}).`,
    ),
  );
}

async function logout(context: CliContext): Promise<void> {
  const stored = await context.store.get(context.profile);
  let revoked = false;
  if (stored?.kind === 'oauth' && stored.client_id) {
    // RFC 7009: the sign-in ends on the server too (either token ends all of it).
    const client = await context.anonymousClient();
    const answer = await client.POST('/api/oauth/revoke', {
      body: { token: stored.refresh_token ?? stored.token, client_id: stored.client_id },
      bodySerializer: (body) => new URLSearchParams(body as Record<string, string>),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    revoked = answer.response.ok;
  }
  const removed = await context.store.remove(context.profile);
  const answer = { profile: context.profile, removed, revoked };
  context.out.result(answer, () => {
    if (!removed) context.out.line(`Profile ${context.profile} was not signed in.`);
    else if (stored?.kind === 'api_key')
      context.out.line(
        `Signed out of profile ${context.profile}. The API key itself still works until it is revoked (\`cw keys revoke\`).`,
      );
    else context.out.line(`Signed out of profile ${context.profile}; the sign-in is revoked.`);
  });
}

async function whoami(context: CliContext): Promise<void> {
  const credential = await context.credential();
  const url = await context.baseUrl();
  const client = await context.client();
  const summary = unwrap(
    await client.GET('/api/home/summary', { params: { query: { limit: 1 } } }),
  );
  const answer = {
    profile: context.profile,
    url,
    credential: {
      source: credential.source,
      kind: credential.kind,
      token_prefix: tokenPrefix(credential.token),
    },
    company: summary.company,
  };
  context.out.result(answer, () =>
    context.out.fields([
      ['server', url],
      ['profile', context.profile],
      ['company', `${summary.company.name} (${summary.company.id})`],
      [
        'credential',
        `${credential.kind === 'oauth' ? 'OAuth access token' : 'API key'} ${tokenPrefix(credential.token)}` +
          (credential.source === 'CW_TOKEN' ? ' from CW_TOKEN' : ''),
      ],
    ]),
  );
}

export function registerAuthCommands(program: Command): void {
  program
    .command('login')
    .description(
      `sign in in the browser (OAuth), or with --with-key, and store the credential for the profile (server: --url, CW_URL or ${DEFAULT_URL})`,
    )
    .option('--with-key', 'read an API key from stdin instead of signing in in the browser')
    .option('--no-browser', 'print the sign-in address instead of opening the browser')
    .option(
      '--scopes <list>',
      'comma-separated scopes to ask for (default: the six of wiki, workflows and ops)',
    )
    .option('--timeout <seconds>', 'how long to wait for the browser', integerIn(10, 3600), 300)
    .action(action(login));
  program
    .command('logout')
    .description("forget the profile's credential (an OAuth sign-in is also revoked)")
    .action(action(logout));
  program
    .command('whoami')
    .description('show the server, profile, company and credential in use (never the token)')
    .action(action(whoami));
}
