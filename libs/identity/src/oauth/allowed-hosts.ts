/** Host names every process answers as: a request from the machine itself. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** One comma-separated entry of MCP_ALLOWED_HOSTS: a name or IP, `[v6]`, an optional port. */
const HOST_ENTRY = '(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\\[[0-9a-f:.]+\\])(?::\\d{1,5})?';
export const HOST_LIST = new RegExp(`^\\s*${HOST_ENTRY}\\s*(?:,\\s*${HOST_ENTRY}\\s*)*$`, 'i');

interface HostName {
  /** `wiki.example.com`, `127.0.0.1`, `[::1]`: lower case, IPv6 in brackets. */
  name: string;
  /** As written after the colon; undefined when the host had none. */
  port?: string;
}

/** `Wiki.Example.com:443` → name and port; undefined when it is not a host[:port]. */
export function hostNameOf(host: string): HostName | undefined {
  const match = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  if (!match) return undefined;
  return { name: match[1], ...(match[2] !== undefined && { port: match[2] }) };
}

/**
 * The `Host` names a process answers as, from its settings only, never from a request: the
 * loopback names on any port, the host of the configured public base (OAUTH_ISSUER), and each
 * entry of MCP_ALLOWED_HOSTS (without a port: on any port).
 */
export class AllowedHosts {
  private readonly anyPort = new Set(LOOPBACK_NAMES);
  private readonly exact = new Set<string>();

  constructor(options: { publicBase?: string; listed?: string }) {
    if (options.publicBase !== undefined) this.exact.add(new URL(options.publicBase).host);
    for (const entry of (options.listed ?? '').split(',')) {
      const host = hostNameOf(entry);
      if (!host) continue;
      if (host.port === undefined) this.anyPort.add(host.name);
      else this.exact.add(`${host.name}:${host.port}`);
    }
  }

  /** Whether a request's `Host` (as the process determined it, forwarded or not) is one of them. */
  allows(host: string | undefined): boolean {
    const parsed = host === undefined ? undefined : hostNameOf(host);
    if (!parsed) return false;
    if (this.anyPort.has(parsed.name)) return true;
    return this.exact.has(
      parsed.port === undefined ? parsed.name : `${parsed.name}:${parsed.port}`,
    );
  }
}
