import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

function ipv4Hextets(address: string): string[] {
  const [a, b, c, d] = address.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

function hextets(part: string): string[] {
  if (part === '') return [];
  return part.split(':').flatMap((piece) => (piece.includes('.') ? ipv4Hextets(piece) : [piece]));
}

/** The eight groups of a valid IPv6 address, each without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head, tail] = address.split('::');
  const left = hextets(head);
  const right = tail === undefined ? [] : hextets(tail);
  const zeros = new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

/**
 * The rate-limit bucket of a client address: an IPv4 address as it is (also when written as
 * an IPv4-mapped IPv6 address), an IPv6 address by its /64 prefix, because one subscriber is
 * normally given a whole /64 and could otherwise rotate through it.
 */
export function clientBucketOf(ip: string | undefined): string {
  const address = (ip ?? '').trim().replace(/%.*$/, '');
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
  return 'unknown';
}
