import { lookup } from 'node:dns/promises';
import { type AddressClass, classifyAddress } from './address-class';
import { OutboundRefusal } from './outbound-refusal';

export interface OutboundPolicy {
  /** Tests only: also `http:` and loopback (127.0.0.0/8, ::1, localhost); never in production. */
  allowLoopback: boolean;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

const REASON: Readonly<Record<Exclude<AddressClass, 'public'>, string>> = {
  loopback: 'a loopback address',
  private: 'a private address',
  link_local: 'a link-local address (this includes cloud metadata services)',
  carrier_grade_nat: 'a carrier-grade NAT address',
  multicast: 'a multicast or broadcast address',
  unspecified: 'an unspecified address',
  reserved: 'a reserved, documentation or non-routable address',
  embedded_non_public: 'an IPv6 address that embeds a non-public IPv4 address',
  not_an_address: 'not an IP address',
};

/** Throws unless `address` may be dialled under `policy`. */
export function assertDialable(address: string, policy: OutboundPolicy, subject: string): void {
  const addressClass = classifyAddress(address);
  if (addressClass === 'public') return;
  if (addressClass === 'loopback' && policy.allowLoopback) return;
  throw new OutboundRefusal(`${subject} resolves to ${REASON[addressClass]}.`, addressClass);
}

function isLocalhostName(hostname: string): boolean {
  const name = hostname.replace(/\.$/, '').toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Parses an outbound URL and applies the rules that need no DNS: https only (http too when
 * loopback is allowed), no credentials in the URL, a host. The WHATWG parser has already turned
 * decimal, octal and hex IPv4 forms and IDN names into their canonical form.
 */
export function parseOutboundUrl(text: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundRefusal('The address is not an absolute URL.');
  }
  const schemes = policy.allowLoopback ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    throw new OutboundRefusal(`The address must use ${schemes.join(' or ')}.`);
  if (url.username || url.password)
    throw new OutboundRefusal('The address must not carry a user name or password.');
  if (!url.hostname) throw new OutboundRefusal('The address has no host.');
  return url;
}

/**
 * Every address the URL's host stands for, each checked: a literal is classified as it is, a
 * `localhost` name is loopback without asking DNS, any other name must resolve only to dialable
 * addresses (one bad answer refuses the whole set).
 */
export async function resolveDialable(
  url: URL,
  policy: OutboundPolicy,
  resolve: Resolver = systemResolver,
): Promise<ResolvedAddress[]> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (classifyAddress(host) !== 'not_an_address') {
    assertDialable(host, policy, 'The address');
    return [{ address: host, family: host.includes(':') ? 6 : 4 }];
  }
  if (isLocalhostName(host)) {
    assertDialable('127.0.0.1', policy, 'The address');
    return [{ address: '127.0.0.1', family: 4 }];
  }
  let answers: ResolvedAddress[];
  try {
    answers = await resolve(host.replace(/\.$/, ''));
  } catch {
    throw new OutboundRefusal('The host name does not resolve.');
  }
  if (answers.length === 0) throw new OutboundRefusal('The host name does not resolve.');
  for (const answer of answers) assertDialable(answer.address, policy, 'The host name');
  return answers;
}

/** Parse and resolve: what a registration checks before it accepts an address. */
export async function checkOutboundUrl(
  text: string,
  policy: OutboundPolicy,
  resolve: Resolver = systemResolver,
): Promise<{ url: URL; addresses: ResolvedAddress[] }> {
  const url = parseOutboundUrl(text, policy);
  return { url, addresses: await resolveDialable(url, policy, resolve) };
}
