import { type RequestedScopes, requestScopes } from './oauth-scopes';
import { matchesRegisteredRedirect } from './redirect-match';

/** A registered client as the authorization endpoint needs it. */
export interface AuthorizingClient {
  id: string;
  name: string;
  redirectUris: readonly string[];
}

/** A checked authorization request: what the consent page shows and the approval issues. */
export interface AuthorizationRequest {
  clientId: string;
  /** The registered client's name, for the consent page. */
  clientName: string;
  redirectUri: string;
  /** Optional with PKCE (OAuth 2.1); echoed to the client when sent. */
  state?: string;
  codeChallenge: string;
  requested: RequestedScopes;
  /**
   * The `scope` parameter normalised (names separated by one space; absent when it names
   * none): the library parses it again when the code is issued, more strictly than we do.
   */
  scope?: string;
  /** RFC 8707: the API base or the `/mcp` URL. */
  resource?: string;
}

/** OAuth error codes of an authorization response (RFC 6749 4.1.2.1, RFC 8707). */
export type AuthorizationErrorCode =
  | 'invalid_request'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied';

export type AuthorizationCheck =
  | { kind: 'valid'; request: AuthorizationRequest }
  /** The client or its redirect URI cannot be trusted: tell the person, never redirect. */
  | { kind: 'refused'; message: string }
  /** The client is known and the redirect exact: the error goes back to the client. */
  | {
      kind: 'redirect_error';
      redirectUri: string;
      state?: string;
      error: AuthorizationErrorCode;
      description: string;
    };

/** RFC 7636: the S256 challenge is the 43-character base64url SHA-256 of the verifier. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** Visible ASCII (RFC 6749's VSCHAR), bounded. */
const STATE = /^[\x20-\x7e]{1,500}$/;

type Parameters = Record<string, unknown>;

const REPEATED = Symbol('repeated');

/** A single string parameter; a repeated one (an array) is invalid (RFC 6749 3.1). */
function single(parameters: Parameters, name: string): string | undefined | typeof REPEATED {
  const value = parameters[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : REPEATED;
}

/** Resource URLs compare without trailing slashes (`https://wiki.example/mcp/`). */
export function sameResource(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

/**
 * Checks an authorization request against its registered client, in the order RFC 6749 asks:
 * first whether the redirect URI can be trusted (compared exactly to a registered one, the port
 * of an http loopback redirect aside: `matchesRegisteredRedirect`), since
 * every later error is sent there; then response type, `state` (optional, as OAuth 2.1 allows
 * with PKCE, but well-formed when sent), PKCE (`S256` only, required), scope and resource.
 */
export function checkAuthorizationRequest(
  parameters: Parameters,
  client: AuthorizingClient | null,
  resources: readonly string[],
): AuthorizationCheck {
  const clientId = single(parameters, 'client_id');
  if (clientId === undefined || clientId === REPEATED)
    return { kind: 'refused', message: 'The request names no client (client_id).' };
  if (!client || client.id !== clientId)
    return { kind: 'refused', message: 'No application is registered with this client_id.' };
  const requested = single(parameters, 'redirect_uri');
  if (requested === REPEATED)
    return { kind: 'refused', message: 'The request repeats redirect_uri.' };
  if (requested === undefined && client.redirectUris.length !== 1)
    return { kind: 'refused', message: 'The request must name its redirect_uri.' };
  const redirectUri = requested ?? client.redirectUris[0];
  if (!client.redirectUris.some((registered) => matchesRegisteredRedirect(redirectUri, registered)))
    return {
      kind: 'refused',
      message:
        'The redirect_uri is not one this application registered (compared exactly; an http loopback redirect may use any port).',
    };

  const rawState = single(parameters, 'state');
  const state = typeof rawState === 'string' && STATE.test(rawState) ? rawState : undefined;
  const badState = rawState !== undefined && state === undefined;
  const fail = (error: AuthorizationErrorCode, description: string): AuthorizationCheck => ({
    kind: 'redirect_error',
    redirectUri,
    state,
    error,
    description,
  });

  if (single(parameters, 'response_type') !== 'code')
    return fail('unsupported_response_type', 'Only response_type=code is supported.');
  if (badState)
    return fail('invalid_request', 'state, when sent, is 1 to 500 visible ASCII characters.');
  if (single(parameters, 'code_challenge_method') !== 'S256')
    return fail('invalid_request', 'PKCE is required with code_challenge_method=S256.');
  const codeChallenge = single(parameters, 'code_challenge');
  if (typeof codeChallenge !== 'string' || !S256_CHALLENGE.test(codeChallenge))
    return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier.');
  const scope = single(parameters, 'scope');
  if (scope === REPEATED) return fail('invalid_scope', 'The request repeats scope.');
  const names = scope?.trim() ? scope.trim().split(/\s+/) : undefined;
  const decision = requestScopes(names);
  if (!decision.ok) return fail('invalid_scope', `Unknown scope: ${decision.unknown.join(' ')}.`);
  const resource = single(parameters, 'resource');
  if (resource === REPEATED) return fail('invalid_target', 'The request repeats resource.');
  if (resource !== undefined && !resources.some((known) => sameResource(known, resource)))
    return fail('invalid_target', `resource must be one of: ${resources.join(', ')}.`);

  return {
    kind: 'valid',
    request: {
      clientId,
      clientName: client.name,
      redirectUri,
      state,
      codeChallenge,
      requested: decision.requested,
      scope: names?.join(' '),
      resource,
    },
  };
}

/** The client's redirect URI with an authorization error (and the state, when it was valid). */
export function errorRedirect(check: Extract<AuthorizationCheck, { kind: 'redirect_error' }>) {
  const url = new URL(check.redirectUri);
  url.searchParams.set('error', check.error);
  url.searchParams.set('error_description', check.description);
  if (check.state !== undefined) url.searchParams.set('state', check.state);
  return url.toString();
}
