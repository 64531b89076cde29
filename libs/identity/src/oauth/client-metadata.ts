/** What a public client may register (RFC 7591), once checked. */
export interface ClientMetadata {
  clientName: string;
  clientUri: string | null;
  redirectUris: string[];
}

export type ClientMetadataCheck =
  | { ok: true; metadata: ClientMetadata }
  | { ok: false; error: 'invalid_redirect_uri' | 'invalid_client_metadata'; description: string };

const MAX_REDIRECT_URIS = 10;
/** PostgreSQL refuses NUL in text; no URI or name needs a control character. */
const CONTROL_CHARACTER = /\p{Cc}/u;
const MAX_URI_LENGTH = 2000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/**
 * RFC 8252 7.1: a private-use scheme is a reverse domain name (`com.example.app`, `cursor`); two
 * characters at least, as the OAuth library's URI check wants.
 */
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+.-]+:$/;
const FORBIDDEN_SCHEMES = new Set([
  'javascript:',
  'data:',
  'file:',
  'vbscript:',
  'blob:',
  'about:',
]);

/**
 * A redirect URI a browser may be sent to with a code: https anywhere, http only to a loopback
 * address (RFC 8252 7.3, native apps and the MCP Inspector), or a native app's private-use
 * scheme; never a fragment, never a script or data scheme.
 */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri.length > MAX_URI_LENGTH) return `is longer than ${MAX_URI_LENGTH} characters`;
  if (CONTROL_CHARACTER.test(uri)) return 'holds control characters';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URI';
  }
  if (url.hash || uri.includes('#')) return 'has a fragment';
  if (url.username || url.password) return 'carries credentials';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:')
    return LOOPBACK_HOSTS.has(url.hostname) ? undefined : 'uses http: for a non-loopback host';
  if (FORBIDDEN_SCHEMES.has(url.protocol) || !PRIVATE_USE_SCHEME.test(url.protocol))
    return `uses the scheme ${url.protocol} that cannot receive a code`;
  return undefined;
}

/** An optional text field: null when it is there but not plain text (PostgreSQL refuses NUL). */
function optionalString(body: Record<string, unknown>, name: string): string | undefined | null {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' && !CONTROL_CHARACTER.test(value) ? value : null;
}

/**
 * Checks a registration request: public clients only (`token_endpoint_auth_method` `none`),
 * the code flow only, and redirect URIs that are safe to send codes to.
 */
export function checkClientMetadata(body: unknown): ClientMetadataCheck {
  const invalid = (description: string): ClientMetadataCheck => ({
    ok: false,
    error: 'invalid_client_metadata',
    description,
  });
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return invalid('Send the client metadata as a JSON object.');
  const fields = body as Record<string, unknown>;
  const redirectUris = fields.redirect_uris;
  if (
    !Array.isArray(redirectUris) ||
    redirectUris.length === 0 ||
    redirectUris.length > MAX_REDIRECT_URIS ||
    !redirectUris.every((uri): uri is string => typeof uri === 'string')
  ) {
    return {
      ok: false,
      error: 'invalid_redirect_uri',
      description: `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} URIs.`,
    };
  }
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem)
      return {
        ok: false,
        error: 'invalid_redirect_uri',
        description: `The redirect URI ${uri.slice(0, 200)} ${problem}.`,
      };
  }
  const method = optionalString(fields, 'token_endpoint_auth_method');
  if (method !== undefined && method !== 'none')
    return invalid('Only public clients register here: token_endpoint_auth_method must be none.');
  const grantTypes = fields.grant_types;
  if (
    grantTypes !== undefined &&
    (!Array.isArray(grantTypes) ||
      !grantTypes.every((grant) => grant === 'authorization_code' || grant === 'refresh_token'))
  )
    return invalid('grant_types may list only authorization_code and refresh_token.');
  const responseTypes = fields.response_types;
  if (
    responseTypes !== undefined &&
    (!Array.isArray(responseTypes) || !responseTypes.every((type) => type === 'code'))
  )
    return invalid('response_types may list only code.');
  const name = optionalString(fields, 'client_name');
  if (name === null || (name !== undefined && (name.trim() === '' || name.length > 200)))
    return invalid('client_name must be a string of 1 to 200 characters.');
  const clientUri = optionalString(fields, 'client_uri');
  if (clientUri === null || (clientUri !== undefined && !/^https?:\/\/\S+$/.test(clientUri)))
    return invalid('client_uri must be an http(s) URL.');
  if (clientUri !== undefined && clientUri.length > MAX_URI_LENGTH)
    return invalid(`client_uri is longer than ${MAX_URI_LENGTH} characters.`);
  return {
    ok: true,
    metadata: {
      clientName: name?.trim() || new URL(redirectUris[0]).host || 'Unnamed application',
      clientUri: clientUri ?? null,
      redirectUris: [...new Set(redirectUris)],
    },
  };
}
