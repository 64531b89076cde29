import { type ApiClient, createApiClient } from '@cw/api-client';
import { credentialsFile } from './config/config-paths';
import {
  checkProfileName,
  CredentialsStore,
  type StoredCredential,
} from './config/credentials-store';
import { CliError, ExitCode, usageError } from './exit-codes';
import { RefreshingCredential } from './oauth/token-refresh';
import { Output } from './output/output';

export const DEFAULT_URL = 'http://127.0.0.1:3000';
export const USER_AGENT = 'cw/0.2.0';

/** The options every command takes (commander's `optsWithGlobals()`). */
export interface GlobalOptions {
  url?: string;
  profile?: string;
  json?: boolean;
  color?: boolean;
}

export interface Credential {
  token: string;
  kind: StoredCredential['kind'];
  /** Where the token came from: the CW_TOKEN variable or the stored profile. */
  source: 'CW_TOKEN' | 'profile';
}

/** What a command needs: where the server is, who it acts as, and where it writes. */
export class CliContext {
  readonly out: Output;
  readonly profile: string;
  readonly store: CredentialsStore;

  constructor(
    private readonly options: GlobalOptions,
    readonly env: NodeJS.ProcessEnv,
  ) {
    this.out = new Output(
      options.json === true,
      process.stdout,
      process.stderr,
      env,
      options.color === false,
    );
    this.profile = checkProfileName(options.profile ?? env.CW_PROFILE ?? 'default');
    this.store = new CredentialsStore(credentialsFile(env));
  }

  /** --url, else CW_URL, else the profile's server, else the local default. */
  async baseUrl(): Promise<string> {
    const given = this.options.url ?? this.env.CW_URL;
    if (given) return checkUrl(given);
    return (await this.store.get(this.profile))?.url ?? DEFAULT_URL;
  }

  /** CW_TOKEN overrides the stored credential (for CI). */
  async credential(): Promise<Credential> {
    const fromEnv = this.env.CW_TOKEN?.trim();
    if (fromEnv) return { token: fromEnv, kind: kindOf(fromEnv), source: 'CW_TOKEN' };
    const stored = await this.store.get(this.profile);
    if (!stored)
      throw new CliError(
        `not signed in (profile "${this.profile}"): run \`cw login\`, or set CW_TOKEN`,
        ExitCode.notSignedIn,
        'NOT_SIGNED_IN',
      );
    return { token: stored.token, kind: stored.kind, source: 'profile' };
  }

  /** A client that acts as the signed-in credential; a stored OAuth sign-in refreshes itself. */
  async client(): Promise<ApiClient> {
    const [baseUrl, credential] = await Promise.all([this.baseUrl(), this.credential()]);
    const stored = credential.source === 'profile' ? await this.store.get(this.profile) : undefined;
    if (stored?.kind === 'oauth' && stored.refresh_token) {
      const refreshing = new RefreshingCredential(
        stored,
        this.profile,
        this.store,
        baseUrl,
        USER_AGENT,
      );
      return createApiClient({ baseUrl, userAgent: USER_AGENT, fetch: refreshing.fetch() });
    }
    return createApiClient({ baseUrl, token: credential.token, userAgent: USER_AGENT });
  }

  /** A client without a credential, or with a session cookie. */
  async anonymousClient(sessionToken?: string): Promise<ApiClient> {
    return createApiClient({ baseUrl: await this.baseUrl(), sessionToken, userAgent: USER_AGENT });
  }
}

export function checkUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usageError(`"${value}" is not a URL (for example ${DEFAULT_URL})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw usageError(`"${value}" is not an http or https URL`);
  return url.toString().replace(/\/+$/, '');
}

/** Token kinds carry fixed prefixes (`cwk_` API key, `cwa_` OAuth access token). */
export function kindOf(token: string): StoredCredential['kind'] {
  return token.startsWith('cwa_') ? 'oauth' : 'api_key';
}

/** The leading part of a token, safe to show (as the server's `token_prefix`). */
export function tokenPrefix(token: string): string {
  return `${token.slice(0, 8)}…`;
}
