/**
 * Paths that carry a credential in a segment: a webhook trigger's link token, a public share
 * link's token. The segment is the whole secret, so it never reaches a log line.
 */
const CREDENTIAL_SEGMENTS: readonly RegExp[] = [
  /^(\/api\/workflows\/hooks\/[^/?#]+\/)[^/?#]+/,
  /^(\/public\/pages\/)[^/?#]+/,
];

/** The request URL as it may be logged: credential segments replaced with `[redacted]`. */
export function urlForLog(url: string): string {
  for (const pattern of CREDENTIAL_SEGMENTS) {
    if (pattern.test(url)) return url.replace(pattern, '$1[redacted]');
  }
  return url;
}
