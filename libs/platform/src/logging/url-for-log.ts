const REDACTED = '[redacted]';

/** What a secret is made of: a token's characters, up to where a URL or a sentence goes on. */
const SECRET = `[^/?#&\\s"'<>]+`;

/**
 * Places that hold a secret, in a URL or in any text that quotes one (an error message). The
 * routes are matched however a client spells them (any case, repeated slashes), since a 404
 * for a misspelt route is logged too, with the token in it.
 */
const SECRET_PLACES: readonly RegExp[] = [
  // a public share link: /public/pages/{token}
  new RegExp(`(/+public/+pages/+)${SECRET}`, 'gi'),
  // a webhook trigger: /api/workflows/hooks/{public_id}/{token}
  new RegExp(`(/+api/+workflows/+hooks/+[^/?#\\s]+/+)${SECRET}`, 'gi'),
  // every credential this API mints carries a prefix (cwk_ cws_ cwl_ cwa_ cwr_ cwc_)
  /\b(cw[klsarc]_)[A-Za-z0-9_-]+/gi,
  // a query parameter named like a secret
  /([?&][^=&#\s]*(?:token|secret|password|signature|api[_-]?key)[^=&#\s]*=)[^&#\s"']*/gi,
];

/**
 * A bare run of 40 or more base64url characters is a secret of 30 random bytes or more (a
 * webhook link token is 43): UUIDs (36) and ids stay readable.
 */
const LONG_RANDOM_RUN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{40,}(?![A-Za-z0-9_-])/g;

/**
 * `%63wl_…` is `cwl_…`: escapes of unreserved characters mean the characters themselves
 * (RFC 3986, 2.3), so they are decoded before the patterns look.
 */
function unreservedDecoded(text: string): string {
  return text.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
    const character = String.fromCharCode(parseInt(escape.slice(1), 16));
    return /[A-Za-z0-9\-._~]/.test(character) ? character : escape;
  });
}

/**
 * Text as it may be logged: every share-link token, webhook-trigger token, credential and
 * secret-named query value in it replaced with `[redacted]`.
 */
export function redactSecrets(text: string): string {
  let redacted = unreservedDecoded(text);
  for (const place of SECRET_PLACES) redacted = redacted.replace(place, `$1${REDACTED}`);
  return redacted.replace(LONG_RANDOM_RUN, REDACTED);
}

/** The request URL as it may be logged (see `redactSecrets`). */
export function urlForLog(url: string): string {
  return redactSecrets(url);
}
