import { createApiClient } from '@cw/api-client';
import type { CredentialsStore, StoredCredential } from '../config/credentials-store';
import { expiresAt, requestTokens } from './oauth-tokens';

/** An access token this close to its expiry is refreshed before it is sent. */
const REFRESH_MARGIN_MS = 60_000;
const REFRESH_TIMEOUT_MS = 10_000;

/**
 * The stored OAuth credential of a profile, refreshed when it is about to expire or when the
 * server answers 401 (once per request). The refresh happens under the store's lock, so two
 * cw at once spend the refresh token once and the second takes the first one's result.
 */
export class RefreshingCredential {
  constructor(
    private credential: StoredCredential,
    private readonly profile: string,
    private readonly store: CredentialsStore,
    private readonly baseUrl: string,
    private readonly userAgent: string,
  ) {}

  get token(): string {
    return this.credential.token;
  }

  /** A fetch that sends the current token and refreshes it as above. */
  fetch(underlying: typeof fetch = fetch): typeof fetch {
    return async (input, init) => {
      const request = new Request(input, init);
      const again = request.clone();
      if (this.expiresSoon()) await this.refresh().catch(() => undefined);
      const first = await underlying(this.authorized(request));
      if (first.status !== 401 || !this.credential.refresh_token) return first;
      const sent = this.credential.token;
      const refreshed = await this.refresh().catch(() => false);
      if (!refreshed || this.credential.token === sent) return first;
      await first.body?.cancel();
      return underlying(this.authorized(again));
    };
  }

  private expiresSoon(): boolean {
    const expires = this.credential.expires_at ? Date.parse(this.credential.expires_at) : NaN;
    return Boolean(this.credential.refresh_token) && expires - Date.now() < REFRESH_MARGIN_MS;
  }

  private authorized(request: Request): Request {
    const headers = new Headers(request.headers);
    headers.set('authorization', `Bearer ${this.credential.token}`);
    return new Request(request, { headers });
  }

  /** True when a new access token is in hand. */
  private async refresh(): Promise<boolean> {
    const held = this.credential;
    const { client_id: clientId, refresh_token: refreshToken } = held;
    if (!clientId || !refreshToken) return false;
    const client = createApiClient({
      baseUrl: this.baseUrl,
      userAgent: this.userAgent,
      timeoutMs: REFRESH_TIMEOUT_MS,
    });
    const next = await this.store.replaceUnlessChanged(this.profile, held, async (current) => {
      const tokens = await requestTokens(
        client,
        { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken },
        'the token refresh',
      );
      return {
        ...current,
        token: tokens.access_token,
        refresh_token: tokens.refresh_token ?? current.refresh_token,
        expires_at: expiresAt(tokens),
        saved_at: new Date().toISOString(),
      };
    });
    if (!next || next.kind !== 'oauth') return false;
    this.credential = next;
    return next.token !== held.token;
  }
}
