/** RFC 6750 §3.1 error codes of a bearer challenge. */
export type BearerErrorCode = 'invalid_token' | 'insufficient_scope';

export interface BearerChallenge {
  /** Absent when no credential was sent (RFC 6750 §3.1: then no error code). */
  error?: BearerErrorCode;
  description?: string;
  scope?: readonly string[];
  /** RFC 9728 §5.1: where the protected resource's metadata is. */
  resourceMetadata?: string;
}

/** RFC 6750's quoted-string values allow neither `"` nor `\`; descriptions are visible ASCII. */
function quoted(value: string): string {
  return `"${value.replace(/[^\x20-\x7e]|["\\]/g, '')}"`;
}

/** The `WWW-Authenticate` value of a bearer refusal: `Bearer` with its parameters in one order. */
export function bearerChallenge(challenge: BearerChallenge = {}): string {
  const parameters: string[] = [];
  if (challenge.error) parameters.push(`error=${quoted(challenge.error)}`);
  if (challenge.description) {
    parameters.push(`error_description=${quoted(challenge.description)}`);
  }
  if (challenge.scope?.length) parameters.push(`scope=${quoted(challenge.scope.join(' '))}`);
  if (challenge.resourceMetadata) {
    parameters.push(`resource_metadata=${quoted(challenge.resourceMetadata)}`);
  }
  return parameters.length === 0 ? 'Bearer' : `Bearer ${parameters.join(', ')}`;
}
