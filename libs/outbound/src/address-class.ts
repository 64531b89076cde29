import { BoundedMap } from '@cw/platform';
import ipaddr from 'ipaddr.js';

/** Why an address may not be dialled; `public` when it may. */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'carrier_grade_nat'
  | 'multicast'
  | 'unspecified'
  | 'reserved'
  | 'embedded_non_public'
  | 'not_an_address';

const IPV4_CLASS: Readonly<Record<string, AddressClass>> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link_local',
  carrierGradeNat: 'carrier_grade_nat',
  multicast: 'multicast',
  broadcast: 'multicast',
  unspecified: 'unspecified',
};

/** IPv6 ranges that carry an IPv4 address: judged by the IPv4 address inside. */
const EMBEDDING_IPV4 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052', '6to4', 'teredo']);

const IPV6_CLASS: Readonly<Record<string, AddressClass>> = {
  loopback: 'loopback',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  linkLocal: 'link_local',
  multicast: 'multicast',
  unspecified: 'unspecified',
};

/** Global unicast IPv6 is 2000::/3; anything else that ipaddr.js calls unicast is not routable. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

function classOfIpv4(address: ipaddr.IPv4): AddressClass {
  return IPV4_CLASS[address.range()] ?? 'reserved';
}

function ipv4At(address: ipaddr.IPv6, firstByte: number, xor = 0): ipaddr.IPv4 {
  const bytes = address.toByteArray().slice(firstByte, firstByte + 4);
  return new ipaddr.IPv4(bytes.map((byte) => byte ^ xor));
}

/** The IPv4 addresses an IPv6 transition address leads to (all of them must be public). */
function embeddedIpv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4[] {
  switch (range) {
    case '6to4':
      return [ipv4At(address, 2)];
    case 'teredo':
      // The Teredo server, and the client address stored inverted in the last 32 bits.
      return [ipv4At(address, 4), ipv4At(address, 12, 0xff)];
    default:
      return [ipv4At(address, 12)];
  }
}

function classOfIpv6(address: ipaddr.IPv6): AddressClass {
  const range = address.range();
  if (EMBEDDING_IPV4.has(range)) {
    return embeddedIpv4(address, range).every((inner) => classOfIpv4(inner) === 'public')
      ? 'public'
      : 'embedded_non_public';
  }
  if (range !== 'unicast') return IPV6_CLASS[range] ?? 'reserved';
  // ::/96 holds the deprecated IPv4-compatible form (::127.0.0.1) among other non-routable space.
  return address.match(GLOBAL_UNICAST) ? 'public' : 'reserved';
}

/** Classifications kept, of texts no longer than the longest literal: oldest dropped first. */
export const CLASSIFICATIONS_KEPT = 1024;
const LONGEST_LITERAL = 64;
const classified = new BoundedMap<string, AddressClass>(CLASSIFICATIONS_KEPT);

/**
 * Classifies one literal IP address (IPv4 in dotted form, or IPv6, with or without brackets).
 * Every send classifies its receiver's address again; the answers for recent texts are kept, as
 * parsing one with ipaddr.js costs more than the rest of the check.
 */
export function classifyAddress(text: string): AddressClass {
  const known = classified.get(text);
  if (known) return known;
  const addressClass = classifyLiteral(text);
  if (text.length <= LONGEST_LITERAL) classified.set(text, addressClass);
  return addressClass;
}

function classifyLiteral(text: string): AddressClass {
  const literal = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(literal)) return 'not_an_address';
  const address = ipaddr.parse(literal);
  return address.kind() === 'ipv4'
    ? classOfIpv4(address as ipaddr.IPv4)
    : classOfIpv6(address as ipaddr.IPv6);
}

export function isLoopbackAddress(text: string): boolean {
  return classifyAddress(text) === 'loopback';
}
