import type { ApiClient, components } from '@cw/api-client';
import { CliError, ExitCode } from '../exit-codes';

type TokenRequest = components['schemas']['OAuthTokenRequestDto'];
export type TokenResponse = components['schemas']['OAuthTokenResponseDto'];

/** The OAuth endpoints answer `{error, error_description}`, not the envelope. */
export function oauthError(what: string, status: number, body: unknown): CliError {
  const { error, error_description: description } = (body ?? {}) as {
    error?: string;
    error_description?: string;
  };
  const code = typeof error === 'string' ? error : `HTTP_${status}`;
  const exit = code === 'invalid_grant' ? ExitCode.notSignedIn : ExitCode.failed;
  return new CliError(
    `${what} was refused: ${description ?? code} (${code}, HTTP ${status})` +
      (exit === ExitCode.notSignedIn ? '. Run `cw login`.' : ''),
    exit,
    code,
  );
}

/** POST /api/oauth/token, form-encoded as RFC 6749 asks. */
export async function requestTokens(
  client: ApiClient,
  body: TokenRequest,
  what: string,
): Promise<TokenResponse> {
  const answer = await client.POST('/api/oauth/token', {
    body,
    bodySerializer: (fields) => new URLSearchParams(fields as Record<string, string>),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (!answer.response.ok || !answer.data)
    throw oauthError(what, answer.response.status, answer.error);
  return answer.data;
}

export function expiresAt(tokens: TokenResponse, now = Date.now()): string {
  return new Date(now + tokens.expires_in * 1000).toISOString();
}
