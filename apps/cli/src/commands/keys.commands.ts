import { type ApiClient, ApiError, unwrap } from '@cw/api-client';
import type { Command } from 'commander';
import type { CliContext } from '../context';
import { usageError } from '../exit-codes';
import { readPassword } from '../input/password';
import { action, checkUuid } from './command-kit';

interface SignInOptions {
  email?: string;
}

const SCOPES = [
  'wiki:read',
  'wiki:write',
  'workflows:read',
  'workflows:run',
  'workflows:write',
  'ops:read',
  'billing:read',
] as const;
type Scope = (typeof SCOPES)[number];

/**
 * The key routes take a session only: sign in with email and password for this one command,
 * and sign out after, whatever happened.
 */
async function withSession<T>(
  context: CliContext,
  options: SignInOptions,
  work: (client: ApiClient) => Promise<T>,
): Promise<T> {
  const email = options.email ?? context.env.CW_EMAIL;
  if (!email) throw usageError('the key routes need a sign-in: pass --email (or set CW_EMAIL)');
  const secret = await readPassword(email);
  const anonymous = await context.anonymousClient();
  const signedIn = await anonymous.POST('/api/auth/sign-in', { body: { email, password: secret } });
  unwrap(signedIn);
  const sessionToken = sessionCookie(signedIn.response);
  if (!sessionToken)
    throw new ApiError(502, undefined, signedIn.response.headers.get('x-request-id'));
  const session = await context.anonymousClient(sessionToken);
  try {
    return await work(session);
  } finally {
    await session.POST('/api/auth/sign-out').catch(() => undefined);
  }
}

function sessionCookie(response: Response): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^session_token=([^;]+)/.exec(cookie);
    if (match) return match[1];
  }
  return undefined;
}

function parseScopes(value: string): Scope[] {
  const scopes = value
    .split(/[\s,]+/)
    .map((each) => each.trim())
    .filter(Boolean);
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (scopes.length === 0 || unknown.length > 0)
    throw usageError(
      `${unknown.length ? `unknown scope ${unknown.join(', ')}` : 'no scope given'}: choose from ${SCOPES.join(', ')}`,
    );
  return [...new Set(scopes)] as Scope[];
}

async function createKey(
  context: CliContext,
  options: SignInOptions & { name: string; scopes: Scope[]; login?: boolean },
): Promise<void> {
  const created = await withSession(context, options, async (session) =>
    unwrap(
      await session.POST('/api/auth/api-keys', {
        body: { name: options.name, scopes: options.scopes },
      }),
    ),
  );
  if (options.login) {
    await context.store.save(context.profile, {
      url: await context.baseUrl(),
      token: created.token,
      kind: 'api_key',
      saved_at: new Date().toISOString(),
    });
    // Stored, so not shown: the answer keeps every field but the token.
    const { token: _token, ...shown } = created;
    context.out.result({ ...shown, stored_in_profile: context.profile }, () =>
      context.out.line(
        `Created key ${created.name} (${created.id}) and signed profile ${context.profile} in with it.`,
      ),
    );
    return;
  }
  context.out.result(created, () => {
    context.out.note(
      `Created key ${created.name} (${created.id}, scopes ${created.scopes.join(' ')}). Its token, shown once:`,
    );
    context.out.line(created.token);
  });
}

async function listKeys(context: CliContext, options: SignInOptions): Promise<void> {
  const listed = await withSession(context, options, async (session) =>
    unwrap(await session.GET('/api/auth/api-keys')),
  );
  context.out.result(listed, () =>
    context.out.table(
      listed.api_keys,
      [
        { header: 'ID', value: (key) => key.id },
        { header: 'NAME', value: (key) => key.name },
        { header: 'PREFIX', value: (key) => key.token_prefix },
        { header: 'SCOPES', value: (key) => key.scopes.join(' ') },
        { header: 'CREATED', value: (key) => key.created_at },
        { header: 'LAST USED', value: (key) => key.last_used_at },
      ],
      'No live API keys.',
    ),
  );
}

async function revokeKey(context: CliContext, id: string, options: SignInOptions): Promise<void> {
  checkUuid(id, 'key id');
  await withSession(context, options, async (session) =>
    unwrap(await session.DELETE('/api/auth/api-keys/{id}', { params: { path: { id } } })),
  );
  context.out.result({ id, revoked: true }, () => context.out.line(`Revoked key ${id}.`));
}

export function registerKeyCommands(program: Command): void {
  const keys = program
    .command('keys')
    .description(
      'manage API keys (signs in with email and password for the command: prompt or stdin)',
    );
  const email = ['--email <email>', 'the email to sign in with (else CW_EMAIL)'] as const;
  keys
    .command('create')
    .description('create an API key and print its token once')
    .requiredOption('--name <name>', 'a name to know the key by')
    .requiredOption('--scopes <scopes>', `comma-separated: ${SCOPES.join(', ')}`, parseScopes)
    .option(...email)
    .option('--login', 'store the new key as the profile credential instead of printing it')
    .action(action(createKey));
  keys
    .command('list')
    .description('list your live API keys')
    .option(...email)
    .action(action(listKeys));
  keys
    .command('revoke')
    .description('revoke an API key: it stops working at once')
    .argument('<id>', 'the key id (from `cw keys list`)')
    .option(...email)
    .action(action(revokeKey));
}
