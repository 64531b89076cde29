import { createHash, randomBytes } from 'node:crypto';

/** A PKCE pair (RFC 7636, S256). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function registerOAuthClient(
  baseUrl: string,
  redirectUri: string,
  clientName = 'Test client',
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [redirectUri], client_name: clientName }),
  });
  const body = (await response.json()) as { client_id: string };
  if (response.status !== 201) throw new Error(`registration failed: ${JSON.stringify(body)}`);
  return body.client_id;
}

export function formBody(fields: Record<string, string | undefined>): string {
  return new URLSearchParams(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
}

/** The hidden fields of the consent page's form, by name. */
export function consentFormFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]] = match[2]
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return fields;
}

/**
 * A browser with a session approving an authorization request: opens the consent page, posts
 * the decision, and answers the redirect the page sends back (the code, or the error).
 */
export async function approveAuthorization(
  baseUrl: string,
  sessionToken: string,
  authorizeUrl: string,
  decision: 'approve' | 'deny' = 'approve',
): Promise<URL> {
  const cookie = `session_token=${sessionToken}`;
  const page = await fetch(authorizeUrl, { headers: { cookie }, redirect: 'manual' });
  if (page.status !== 200) {
    const location = page.headers.get('location');
    if (location) return new URL(location);
    throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
  }
  const fields = consentFormFields(await page.text());
  const answer = await fetch(`${baseUrl}/api/oauth/authorize`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody({ ...fields, decision }),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 303 || !location)
    throw new Error(`consent answered ${answer.status}: ${await answer.text()}`);
  return new URL(location);
}

export interface OAuthTokenAnswer {
  status: number;
  body: {
    access_token?: string;
    refresh_token?: string;
    expires_in?: number;
    scope?: string;
    token_type?: string;
    error?: string;
    error_description?: string;
  };
}

export async function oauthTokenRequest(
  baseUrl: string,
  fields: Record<string, string | undefined>,
): Promise<OAuthTokenAnswer> {
  const response = await fetch(`${baseUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody(fields),
  });
  return { status: response.status, body: (await response.json()) as OAuthTokenAnswer['body'] };
}

export function authorizeUrlOf(
  baseUrl: string,
  parameters: Record<string, string | undefined>,
): string {
  return `${baseUrl}/api/oauth/authorize?${formBody({ response_type: 'code', code_challenge_method: 'S256', ...parameters })}`;
}
