/** Loopback host names a native app's redirect may use with any port (RFC 8252 §7.3). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Whether a requested redirect URI matches a registered one: exactly, or, for an `http:`
 * loopback redirect, in everything but the port (RFC 8252 §7.3: a native app listens on a port
 * the system gives it at the time of the request, so it cannot register one in advance).
 * Scheme, host, path and query must still be the registered ones.
 */
export function matchesRegisteredRedirect(requested: string, registered: string): boolean {
  if (requested === registered) return true;
  const asked = parsed(requested);
  const known = parsed(registered);
  if (!asked || !known) return false;
  if (asked.protocol !== 'http:' || known.protocol !== 'http:') return false;
  if (!LOOPBACK_HOSTS.has(asked.hostname) || asked.hostname !== known.hostname) return false;
  if (asked.username || asked.password || asked.hash) return false;
  return asked.pathname === known.pathname && asked.search === known.search;
}

function parsed(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}
